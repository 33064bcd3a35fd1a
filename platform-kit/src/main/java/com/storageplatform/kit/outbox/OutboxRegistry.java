package com.storageplatform.kit.outbox;

import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The outbox's rows and their life, in the shape of Spring Modulith's event publication registry: an event is
 * stored pending in its change's transaction ({@link EventPublisher}), the relay claims pending rows and records
 * how each send went (sent, retried, or parked as failed past the bound: ADR 0020), and the platform admin lists
 * the parked rows and resubmits them. {@link OutboxRepository} holds the SQL.
 */
public class OutboxRegistry {

    /** Told, after commit, about rows this process parked or resubmitted (the metrics listen). */
    public interface Listener {
        void parked(int rows);

        void resubmitted();
    }

    private static final Listener NOBODY = new Listener() {
        @Override
        public void parked(int rows) {
        }

        @Override
        public void resubmitted() {
        }
    };

    private final OutboxRepository rows;
    private final Clock clock;
    private volatile Listener listener = NOBODY;

    /** {@code service} names the outbox in what the admin sees; {@code clock} (the platform clock) stamps rows. */
    public OutboxRegistry(DatabaseClient db, String service, Clock clock) {
        this.rows = new OutboxRepository(db, service);
        this.clock = clock;
    }

    public void listen(Listener listener) {
        this.listener = listener;
    }

    /** Stores a pending row; {@code traceparent} is the trace of the request that wrote it (null outside one). */
    Mono<Void> store(UUID id, String key, String topic, String type, String payload, Instant createdAt,
            String traceparent) {
        return rows.insert(id, key, topic, type, payload, createdAt, traceparent);
    }

    /**
     * Locks whole partition keys and returns their oldest pending rows, in order, passing over keys whose failed row
     * is not yet due again (only the failed row of a key that is due); inside the caller's transaction.
     */
    Flux<OutboxRelay.Row> claim(int keyLimit, int batchSize) {
        return rows.claim(keyLimit, batchSize, clock.instant());
    }

    /**
     * Records what a batch's sends did, in the transaction that claimed it; a retried row is due again after
     * {@code firstWait}, doubled for each attempt it has had, up to {@code maxWait}.
     */
    Mono<Void> record(OutboxRelay.Settlement settlement, Duration firstWait, Duration maxWait) {
        Instant now = clock.instant();
        return rows.markSent(settlement.sent(), now)
                .then(rows.markRetried(settlement.retried(), now, firstWait, maxWait))
                .then(rows.markParked(settlement.parked(), now));
    }

    /** Called once the transaction that recorded {@code settlement} has committed. */
    void committed(OutboxRelay.Settlement settlement) {
        if (!settlement.parked().isEmpty()) {
            listener.parked(settlement.parked().size());
        }
    }

    /** The parked rows, newest event first, with the cursor paging of the API's lists. */
    public Mono<Envelopes.ListOf<OutboxEntry>> failed(PageRequest page) {
        return rows.parked(page);
    }

    /**
     * Makes a parked row pending again: the relay sends it next, before its account's later rows. 404 when there
     * is no such event, 409 when it is not parked (pending or sent).
     */
    public Mono<OutboxEntry> resubmit(UUID id) {
        return rows.resubmit(id, clock.instant())
                .flatMap(entry -> AfterCommit.run(() -> listener.resubmitted()).thenReturn(entry))
                .switchIfEmpty(Mono.defer(() -> rows.find(id)
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("outbox event")))
                        .flatMap(entry -> Mono.error(ApiException.conflict("The outbox event " + id + " is "
                                + entry.status() + ", not parked: only a parked event can be resubmitted.")))));
    }

    /**
     * The outbox's state at a glance: rows pending (committed, not yet sent and not parked), when the oldest of them
     * was written (null when none), and rows parked.
     */
    public record Figures(long pending, Instant oldestPending, long parked) {
    }

    /** Reads {@link Figures} from the table (the metrics do, every few seconds). */
    public Mono<Figures> figures() {
        return rows.figures();
    }

    /** Deletes rows sent before {@code cutoff}; parked rows stay until they are resubmitted and sent. */
    Mono<Long> deleteSentBefore(Instant cutoff) {
        return rows.deleteSentBefore(cutoff);
    }
}
