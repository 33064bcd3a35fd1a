package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.endpoint.Endpoints;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Records successful attempts in batches: one statement for up to 500 of them, written at most 5 ms after the
 * first. At a thousand deliveries a second, a statement each would hold the connection pool hostage; a success
 * not yet written when the process dies is only sent again (receivers deduplicate on the event id).
 */
@Component
class SuccessRecorder {

    private static final int BATCH = 500;
    private static final Duration LINGER = Duration.ofMillis(5);

    private record Success(UUID accountId, UUID deliveryId, int attempts, int status, Sinks.Empty<Void> written) {
    }

    /**
     * Marks a batch of deliveries succeeded, and ends their endpoints' failure streaks, in one statement. Each
     * delivery is matched by its account and id, as a failure is ({@code DeliveryQueue.failed}).
     */
    private static final String WRITE = """
            WITH delivered AS (
                UPDATE webhook_deliveries d SET status = 'succeeded', attempts = s.attempts,
                    last_response_status = s.status, last_error = NULL, last_attempt_at = :at, succeeded_at = :at,
                    next_attempt_at = NULL, lease_until = NULL, updated_at = :at
                FROM unnest(:accounts, :ids, :attempts, :statuses) AS s (account_id, id, attempts, status)
                WHERE d.account_id = s.account_id AND d.id = s.id
                RETURNING d.account_id, d.endpoint_id
            )
            """ + Endpoints.recordSuccesses("SELECT account_id, endpoint_id FROM delivered");

    private final DatabaseClient db;
    private final Clock clock;
    private final Queue<Success> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushing = new AtomicBoolean();

    SuccessRecorder(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Completes once the success is stored (or fails, leaving the delivery to its lease). */
    Mono<Void> record(DeliveryQueue.Claimed delivery, int status) {
        Sinks.Empty<Void> written = Sinks.empty();
        pending.add(new Success(delivery.accountId(), delivery.id(), delivery.attempts() + 1, status, written));
        flushSoon();
        return written.asMono();
    }

    /** One flush at a time: it starts {@link #LINGER} after the first success and runs until nothing is left. */
    private void flushSoon() {
        if (flushing.compareAndSet(false, true)) {
            Mono.delay(LINGER).flatMap(tick -> flush()).subscribe();
        }
    }

    private Mono<Void> flush() {
        List<Success> batch = new ArrayList<>();
        for (Success next = pending.poll(); next != null; next = batch.size() < BATCH ? pending.poll() : null) {
            batch.add(next);
        }
        if (batch.isEmpty()) {
            flushing.set(false);
            // A success added between the poll and the reset would otherwise wait for the next one.
            if (!pending.isEmpty()) {
                flushSoon();
            }
            return Mono.empty();
        }
        return write(batch)
                .retry(1)
                .doOnSuccess(done -> batch.forEach(success -> success.written().tryEmitEmpty()))
                .onErrorResume(failure -> {
                    batch.forEach(success -> success.written().tryEmitError(failure));
                    return Mono.empty();
                })
                .then(Mono.defer(this::flush));
    }

    /**
     * The deliveries succeed, and their endpoints' failure streaks end ({@link Endpoints#recordSuccesses}), in one
     * statement.
     */
    private Mono<Void> write(List<Success> batch) {
        Instant at = clock.instant();
        return db.sql(WRITE)
                .bind("accounts", batch.stream().map(Success::accountId).toArray(UUID[]::new))
                .bind("ids", batch.stream().map(Success::deliveryId).toArray(UUID[]::new))
                .bind("attempts", batch.stream().map(Success::attempts).toArray(Integer[]::new))
                .bind("statuses", batch.stream().map(Success::status).toArray(Integer[]::new))
                .bind("at", at)
                .bind("stale", at.minusSeconds(60))
                .then();
    }
}
