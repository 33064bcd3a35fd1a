package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.webhooks.endpoint.EndpointRepository;
import com.storageplatform.webhooks.event.StoredEvent;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The {@code webhook_deliveries} table: the dispatcher's own outbox. A row is queued in the transaction that
 * appends its event; workers claim due rows with {@code FOR UPDATE SKIP LOCKED} under a lease, so a worker that
 * dies mid-delivery leaves its rows to be taken over when the lease runs out.
 */
@Repository
public class DeliveryQueue {

    public static final String PENDING = "pending";
    public static final String DELIVERING = "delivering";
    public static final String SUCCEEDED = "succeeded";
    public static final String RETRYING = "retrying";
    public static final String EXHAUSTED = "exhausted";

    /** A delivery taken by a worker. {@code attempts} is how many were made before this one. */
    record Claimed(UUID id, UUID accountId, UUID endpointId, UUID eventId, int attempts) {
    }

    private final DatabaseClient db;
    private final EndpointRepository endpoints;
    private final Clock clock;

    DeliveryQueue(DatabaseClient db, EndpointRepository endpoints, Clock clock) {
        this.db = db;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    /** One pending delivery per endpoint subscribed to the event; returns how many. Call inside its transaction. */
    public Mono<Integer> queue(StoredEvent event) {
        Instant now = clock.instant();
        return endpoints.subscribedTo(event.accountId(), event.type(), EventCatalogue.familyOf(event.type()))
                .concatMap(endpoint -> db.sql("""
                        INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, status,
                            attempts, next_attempt_at, created_at, updated_at)
                        VALUES (:id, :account, :endpoint, :event, :type, 'pending', 0, :now, :now, :now)
                        ON CONFLICT (endpoint_id, event_id) DO NOTHING
                        """)
                        .bind("id", Ids.newId())
                        .bind("account", event.accountId())
                        .bind("endpoint", endpoint.id())
                        .bind("event", event.id())
                        .bind("type", event.type())
                        .bind("now", now)
                        .fetch().rowsUpdated())
                .reduce(0L, Long::sum)
                .map(Long::intValue);
    }

    /**
     * Takes up to {@code limit} due deliveries of active endpoints (or ones whose worker's lease ran out), at most
     * {@code perEndpoint} per endpoint and none of {@code busy} endpoints, and leases them until {@code leaseUntil}.
     */
    Mono<List<Claimed>> claim(int limit, int perEndpoint, Collection<UUID> busy, Instant now, Instant leaseUntil) {
        return db.sql("""
                WITH due AS (
                    SELECT id FROM (
                        SELECT d.id, d.next_attempt_at,
                            row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at) AS place
                        FROM webhook_deliveries d
                        JOIN webhook_endpoints e ON e.id = d.endpoint_id
                        WHERE e.status = 'active'
                          AND NOT (d.endpoint_id = ANY(:busy))
                          AND ((d.status IN ('pending', 'retrying') AND d.next_attempt_at <= :now)
                               OR (d.status = 'delivering' AND d.lease_until < :now))
                    ) ranked
                    WHERE place <= :per_endpoint
                    ORDER BY next_attempt_at
                    LIMIT :limit
                ), locked AS (
                    SELECT id FROM webhook_deliveries WHERE id IN (SELECT id FROM due) FOR UPDATE SKIP LOCKED
                )
                UPDATE webhook_deliveries d SET status = 'delivering', lease_until = :lease, updated_at = :now
                FROM locked WHERE d.id = locked.id
                RETURNING d.id, d.account_id, d.endpoint_id, d.event_id, d.attempts
                """)
                .bind("busy", busy.toArray(UUID[]::new))
                .bind("now", now)
                .bind("per_endpoint", perEndpoint)
                .bind("limit", limit)
                .bind("lease", leaseUntil)
                .map(row -> new Claimed(row.get("id", UUID.class), row.get("account_id", UUID.class),
                        row.get("endpoint_id", UUID.class), row.get("event_id", UUID.class),
                        row.get("attempts", Integer.class)))
                .all()
                .collectList();
    }

    Mono<Void> succeeded(Claimed delivery, int status, Instant at) {
        return db.sql("""
                UPDATE webhook_deliveries SET status = 'succeeded', attempts = :attempts, last_response_status = :status,
                    last_error = NULL, last_attempt_at = :at, succeeded_at = :at, next_attempt_at = NULL,
                    lease_until = NULL, updated_at = :at
                WHERE id = :id
                """)
                .bind("id", delivery.id())
                .bind("attempts", delivery.attempts() + 1)
                .bind("status", status)
                .bind("at", at)
                .then();
    }

    /** Records a failed attempt: {@code retrying} at {@code nextAttemptAt}, or {@code exhausted} when it is null. */
    Mono<Void> failed(Claimed delivery, Integer status, String error, Instant at, Instant nextAttemptAt) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                UPDATE webhook_deliveries SET status = :state, attempts = :attempts, last_response_status = :status,
                    last_error = :error, last_attempt_at = :at, next_attempt_at = :next, lease_until = NULL,
                    updated_at = :at
                WHERE id = :id
                """)
                .bind("id", delivery.id())
                .bind("state", nextAttemptAt == null ? EXHAUSTED : RETRYING)
                .bind("attempts", delivery.attempts() + 1)
                .bind("error", error)
                .bind("at", at);
        spec = status == null ? spec.bindNull("status", Integer.class) : spec.bind("status", status);
        spec = nextAttemptAt == null ? spec.bindNull("next", Instant.class) : spec.bind("next", nextAttemptAt);
        return spec.then();
    }

    Mono<Envelopes.ListOf<Delivery>> list(UUID accountId, UUID endpointId, String status, PageRequest page) {
        return ListQuery.from("SELECT * FROM webhook_deliveries", accountId)
                .where("endpoint_id = :endpoint", "endpoint", endpointId)
                .where("status = :status", "status", status)
                .page(db, page, DeliveryQueue::toDelivery);
    }

    Mono<Delivery> lock(UUID accountId, UUID endpointId, UUID id) {
        return db.sql("SELECT * FROM webhook_deliveries WHERE account_id = :account AND endpoint_id = :endpoint AND id = :id FOR UPDATE")
                .bind("account", accountId).bind("endpoint", endpointId).bind("id", id)
                .map(DeliveryQueue::toDelivery).one();
    }

    /** Queues a fresh attempt now; the attempt count is kept, so one at the cap gets exactly one more. */
    Mono<Delivery> requeue(UUID id, Instant now) {
        return db.sql("""
                UPDATE webhook_deliveries SET status = 'retrying', next_attempt_at = :now, updated_at = :now
                WHERE id = :id RETURNING *
                """)
                .bind("id", id).bind("now", now)
                .map(DeliveryQueue::toDelivery).one();
    }

    /** Deliveries whose time has come and that wait for a worker (the queue-depth metric). */
    Mono<Long> dueCount(Instant now) {
        return db.sql("""
                SELECT count(*) AS due FROM webhook_deliveries
                WHERE status IN ('pending', 'retrying') AND next_attempt_at <= :now
                """)
                .bind("now", now)
                .map(row -> row.get("due", Long.class)).one();
    }

    static Delivery toDelivery(Readable row) {
        return new Delivery(row.get("id", UUID.class), Delivery.OBJECT, row.get("endpoint_id", UUID.class),
                row.get("event_id", UUID.class), row.get("event_type", String.class), row.get("status", String.class),
                row.get("attempts", Integer.class), row.get("next_attempt_at", Instant.class),
                row.get("last_response_status", Integer.class), row.get("last_error", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
