package com.storageplatform.webhooks.delivery;

import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
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

    private record Success(UUID deliveryId, int attempts, int status, Sinks.Empty<Void> written) {
    }

    private final DatabaseClient db;
    private final Clock clock;
    private final Sinks.Many<Success> pending = Sinks.many().unicast().onBackpressureBuffer();
    private final Disposable writer;

    SuccessRecorder(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
        this.writer = pending.asFlux()
                .bufferTimeout(BATCH, LINGER, true)
                .concatMap(batch -> write(batch)
                        .retry(1)
                        .doOnSuccess(done -> batch.forEach(success -> success.written().tryEmitEmpty()))
                        .onErrorResume(failure -> {
                            batch.forEach(success -> success.written().tryEmitError(failure));
                            return Mono.empty();
                        }), 1)
                .subscribe();
    }

    /** Completes once the success is stored (or fails, leaving the delivery to its lease). */
    Mono<Void> record(DeliveryQueue.Claimed delivery, int status) {
        Sinks.Empty<Void> written = Sinks.empty();
        pending.emitNext(new Success(delivery.id(), delivery.attempts() + 1, status, written),
                Sinks.EmitFailureHandler.busyLooping(Duration.ofSeconds(1)));
        return written.asMono();
    }

    /**
     * The deliveries succeed; their endpoints' rows are touched only when a failure streak must end or the last
     * success is more than a minute old, so busy endpoints' successes do not queue on those rows' locks.
     */
    private Mono<Void> write(List<Success> batch) {
        Instant at = clock.instant();
        return db.sql("""
                WITH delivered AS (
                    UPDATE webhook_deliveries d SET status = 'succeeded', attempts = s.attempts,
                        last_response_status = s.status, last_error = NULL, last_attempt_at = :at, succeeded_at = :at,
                        next_attempt_at = NULL, lease_until = NULL, updated_at = :at
                    FROM unnest(:ids, :attempts, :statuses) AS s (id, attempts, status)
                    WHERE d.id = s.id
                    RETURNING d.endpoint_id
                )
                UPDATE webhook_endpoints e SET consecutive_failures = 0, last_success_at = :at
                WHERE e.id IN (SELECT endpoint_id FROM delivered)
                  AND (e.consecutive_failures > 0 OR e.last_success_at IS NULL OR e.last_success_at < :stale)
                """)
                .bind("ids", batch.stream().map(Success::deliveryId).toArray(UUID[]::new))
                .bind("attempts", batch.stream().map(Success::attempts).toArray(Integer[]::new))
                .bind("statuses", batch.stream().map(Success::status).toArray(Integer[]::new))
                .bind("at", at)
                .bind("stale", at.minusSeconds(60))
                .then();
    }

    @PreDestroy
    void stop() {
        writer.dispose();
    }
}
