package com.storageplatform.webhooks.delivery;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.webhooks.endpoint.EnabledEvents;
import com.storageplatform.webhooks.endpoint.Endpoints;
import com.storageplatform.webhooks.endpoint.StoredEndpoint;
import com.storageplatform.webhooks.event.Events;
import com.storageplatform.webhooks.event.StoredEvent;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * The {@code webhook_deliveries} table: the dispatcher's own outbox. A row is queued in the transaction that
 * appends its event; workers claim due rows with {@code FOR UPDATE SKIP LOCKED} under a lease, so a worker that
 * dies mid-delivery leaves its rows to be taken over when the lease runs out.
 */
@Repository
class DeliveryQueue {

    public static final String PENDING = "pending";
    public static final String DELIVERING = "delivering";
    public static final String SUCCEEDED = "succeeded";
    public static final String RETRYING = "retrying";
    public static final String EXHAUSTED = "exhausted";

    /**
     * A delivery taken by a worker, with all it needs to be sent: the event (its data as stored JSON text), the
     * endpoint's URL, version and environment, and its valid signing secrets (sealed, newest first).
     * {@code attempts} is how many attempts were made before this one; {@code traceparent} is the event's trace.
     */
    record Claimed(UUID id, UUID accountId, UUID endpointId, UUID eventId, int attempts, String eventType,
            Instant eventCreated, String eventVersion, String eventData, String url, String endpointVersion,
            Environment environment, List<byte[]> sealedSecrets, String traceparent) {
    }

    /**
     * The claim, one statement: the due rows of active endpoints, at most each endpoint's free slots of them, locked
     * and leased, returned with their event and endpoint as sending needs them (SQL of the event and endpoint
     * features' own).
     *
     * <p>Its cost follows what can be sent now, never the length of the queue. New deliveries ({@code pending}, due
     * when queued) are the bulk of a busy queue: a skip scan of {@code webhook_deliveries_pending} finds each endpoint
     * that has any with one index probe, and reads its oldest from the same index, no more than its free slots.
     * Retries that are due and deliveries whose worker's lease ran out are few, and come from indexes of their own.
     * (Ranking every due row per endpoint, as the first version did, cost 20 ms a claim with 10,000 deliveries
     * queued, and a claim runs each time a delivery ends.)
     */
    private static final String CLAIM = """
            WITH RECURSIVE flying AS (
                SELECT * FROM unnest(:flying_endpoints, :flying_counts) AS f (endpoint_id, in_flight)
            ), waiting AS (
                -- Each endpoint with new deliveries, once.
                (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'pending' ORDER BY endpoint_id LIMIT 1)
                UNION ALL
                SELECT (SELECT d.endpoint_id FROM webhook_deliveries d
                        WHERE d.status = 'pending' AND d.endpoint_id > w.endpoint_id
                        ORDER BY d.endpoint_id LIMIT 1)
                FROM waiting w WHERE w.endpoint_id IS NOT NULL
            ), candidates AS (
                SELECT d.id, d.endpoint_id, d.next_attempt_at AS due_at
                FROM waiting w
                LEFT JOIN flying f ON f.endpoint_id = w.endpoint_id
                CROSS JOIN LATERAL (
                    SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
                    WHERE d.endpoint_id = w.endpoint_id AND d.status = 'pending' AND d.next_attempt_at <= :now
                    ORDER BY d.next_attempt_at
                    -- The cap written in (claimStatement): a planner that knows the limit is small reads the index
                    -- in order, where an unknown one may read the table and sort it.
                    LIMIT PER_ENDPOINT_CAP
                ) d
                WHERE w.endpoint_id IS NOT NULL AND coalesce(f.in_flight, 0) < :per_endpoint AND %4$s
                UNION ALL
                SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
                WHERE d.status = 'retrying' AND d.next_attempt_at <= :now AND %1$s
                UNION ALL
                SELECT d.id, d.endpoint_id, d.lease_until FROM webhook_deliveries d
                WHERE d.status = 'delivering' AND d.lease_until < :now AND %1$s
            ), due AS (
                SELECT ranked.id FROM (
                    SELECT c.id, c.endpoint_id, c.due_at,
                        row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.due_at) AS place
                    FROM candidates c
                ) ranked
                LEFT JOIN flying f ON f.endpoint_id = ranked.endpoint_id
                -- An endpoint's free slots: the cap less what this process already has in flight to it.
                WHERE ranked.place <= :per_endpoint - coalesce(f.in_flight, 0)
                ORDER BY ranked.due_at
                LIMIT :limit
            ), locked AS (
                -- The due rule again, on each row as it is when locked: a row another replica leased and
                -- committed after this statement's snapshot was taken is no longer due, and is left to it.
                -- By the primary key, however many rows the planner guesses the choice holds: never a whole-table
                -- read of the deliveries' history.
                SELECT id FROM webhook_deliveries
                WHERE id = ANY (ARRAY(SELECT id FROM due))
                  AND ((status IN ('pending', 'retrying') AND next_attempt_at <= :now)
                       OR (status = 'delivering' AND lease_until < :now))
                FOR UPDATE SKIP LOCKED
            ), claimed AS (
                UPDATE webhook_deliveries d SET status = 'delivering', lease_until = :lease, updated_at = :now
                WHERE d.id = ANY (ARRAY(SELECT id FROM locked))
                RETURNING d.id, d.account_id, d.endpoint_id, d.event_id, d.attempts
            )
            SELECT c.id, c.account_id, c.endpoint_id, c.event_id, c.attempts, ev.type, ev.created,
                ev.event_version, ev.event_data, ev.traceparent, e.url, e.endpoint_version, e.environment, e.secrets
            FROM claimed c
            %2$s
            %3$s
            """.formatted(Endpoints.isActive("d.account_id", "d.endpoint_id"),
                    Events.forDelivery("c.account_id", "c.event_id", "ev"),
                    Endpoints.deliveryTarget("c.account_id", "c.endpoint_id", "e"),
                    Endpoints.isActive("w.endpoint_id"));

    /**
     * Said before the claim, in its transaction. The row-level security policy of every table is a condition the
     * planner cannot judge, so it guesses it keeps 1 row in 200 and believes an endpoint has a handful of new
     * deliveries where it has thousands: reading the whole table, or all of the endpoint's index range, then looks
     * as cheap as reading the index in order up to the endpoint's free slots, and every endpoint's share would read
     * it all.
     */
    static final String INDEXES_ONLY =
            "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)";

    /** {@link #claimStatement}'s text for each cap. */
    private static final Map<Integer, String> CLAIMS_BY_CAP = new ConcurrentHashMap<>();

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Endpoints endpoints;
    private final Clock clock;

    DeliveryQueue(DatabaseClient db, TransactionalOperator tx, Endpoints endpoints, Clock clock) {
        this.db = db;
        this.tx = tx;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    /**
     * Queues one delivery per (event, subscribed endpoint) for a batch of newly logged events, in one statement;
     * returns how many were queued. A pair already queued is left alone.
     */
    Mono<Integer> queueAll(List<StoredEvent> events) {
        Set<UUID> accounts = events.stream().map(StoredEvent::accountId).collect(Collectors.toSet());
        return endpoints.receivingFor(accounts)
                .collect(Collectors.groupingBy(StoredEndpoint::accountId))
                .flatMap(byAccount -> insert(events.stream()
                        .flatMap(event -> byAccount.getOrDefault(event.accountId(), List.of()).stream()
                                .filter(endpoint -> EnabledEvents.matches(endpoint.enabledEvents(), event.type()))
                                .map(endpoint -> new Pending(endpoint.id(), event)))
                        .toList()));
    }

    private record Pending(UUID endpointId, StoredEvent event) {
    }

    private Mono<Integer> insert(List<Pending> pending) {
        if (pending.isEmpty()) {
            return Mono.just(0);
        }
        return db.sql("""
                INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, status,
                    attempts, next_attempt_at, created_at, updated_at)
                SELECT d.id, d.account_id, d.endpoint_id, d.event_id, d.event_type, 'pending', 0, :now, :now, :now
                FROM unnest(:ids, :accounts, :endpoints, :events, :types)
                    AS d (id, account_id, endpoint_id, event_id, event_type)
                ON CONFLICT (endpoint_id, event_id) DO NOTHING
                """)
                .bind("ids", pending.stream().map(delivery -> Ids.newId()).toArray(UUID[]::new))
                .bind("accounts", pending.stream().map(delivery -> delivery.event().accountId()).toArray(UUID[]::new))
                .bind("endpoints", pending.stream().map(Pending::endpointId).toArray(UUID[]::new))
                .bind("events", pending.stream().map(delivery -> delivery.event().id()).toArray(UUID[]::new))
                .bind("types", pending.stream().map(delivery -> delivery.event().type()).toArray(String[]::new))
                .bind("now", clock.instant())
                .fetch().rowsUpdated()
                .map(Long::intValue);
    }

    /**
     * Takes up to {@code limit} due deliveries of active endpoints (or ones whose worker's lease ran out) and leases
     * them until {@code leaseUntil}, so that no endpoint has more than {@code perEndpoint} in flight in this process,
     * counting the {@code inFlight} it already has; one statement, which returns what sending them needs.
     */
    Mono<List<Claimed>> claim(int limit, int perEndpoint, Map<UUID, Integer> inFlight, Instant now,
            Instant leaseUntil) {
        Mono<List<Claimed>> claim = bindClaim(db.sql(claimStatement(perEndpoint)), limit, perEndpoint, inFlight, now,
                leaseUntil)
                .map(row -> new Claimed(row.get("id", UUID.class), row.get("account_id", UUID.class),
                        row.get("endpoint_id", UUID.class), row.get("event_id", UUID.class),
                        row.get("attempts", Integer.class), row.get("type", String.class),
                        row.get("created", Instant.class), row.get("event_version", String.class),
                        row.get("event_data", String.class), row.get("url", String.class),
                        row.get("endpoint_version", String.class), Environment.of(row.get("environment", String.class)),
                        sealed(row.get("secrets", String.class)), row.get("traceparent", String.class)))
                .all()
                .collectList();
        return tx.transactional(db.sql(INDEXES_ONLY).then().then(claim));
    }

    /** The claim for a cap of {@code perEndpoint} deliveries in flight to each endpoint. */
    static String claimStatement(int perEndpoint) {
        // Written once per cap (one per process), not per claim: the worker claims hundreds of times a second.
        return CLAIMS_BY_CAP.computeIfAbsent(perEndpoint,
                cap -> CLAIM.replace("PER_ENDPOINT_CAP", Integer.toString(cap)));
    }

    /** {@link #claimStatement}'s parameters bound to {@code statement} (the claim itself, or the claim explained). */
    static DatabaseClient.GenericExecuteSpec bindClaim(DatabaseClient.GenericExecuteSpec statement, int limit,
            int perEndpoint, Map<UUID, Integer> inFlight, Instant now, Instant leaseUntil) {
        List<Map.Entry<UUID, Integer>> flying = List.copyOf(inFlight.entrySet());
        return statement
                .bind("flying_endpoints", flying.stream().map(Map.Entry::getKey).toArray(UUID[]::new))
                .bind("flying_counts", flying.stream().map(Map.Entry::getValue).toArray(Integer[]::new))
                .bind("now", now)
                .bind("per_endpoint", perEndpoint)
                .bind("limit", limit)
                .bind("lease", leaseUntil);
    }

    private static List<byte[]> sealed(String hexList) {
        if (hexList == null || hexList.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(hexList.split(",")).map(HexFormat.of()::parseHex).toList();
    }

    /** Records a failed attempt: {@code retrying} at {@code nextAttemptAt}, or {@code exhausted} when it is null. */
    Mono<Void> failed(Claimed delivery, Integer status, String error, Instant at, Instant nextAttemptAt) {
        DatabaseClient.GenericExecuteSpec spec = AccountStatement.sql(db, delivery.accountId(), """
                UPDATE webhook_deliveries SET status = :state, attempts = :attempts, last_response_status = :status,
                    last_error = :error, last_attempt_at = :at, next_attempt_at = :next, lease_until = NULL,
                    updated_at = :at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", delivery.id())
                .bind("state", nextAttemptAt == null ? EXHAUSTED : RETRYING)
                .bind("attempts", delivery.attempts() + 1)
                .bind("error", error)
                .bind("at", at);
        spec = nullable(spec, "status", status, Integer.class);
        return nullable(spec, "next", nextAttemptAt, Instant.class).then();
    }

    Mono<Envelopes.ListOf<Delivery>> list(UUID accountId, UUID endpointId, String status, PageRequest page) {
        return ListQuery.from("SELECT * FROM webhook_deliveries", accountId)
                .where("endpoint_id = :endpoint", "endpoint", endpointId)
                .where("status = :status", "status", status)
                .page(db, page, DeliveryQueue::toDelivery);
    }

    Mono<Delivery> lock(UUID accountId, UUID endpointId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT * FROM webhook_deliveries
                WHERE account_id = :account_id AND endpoint_id = :endpoint AND id = :id FOR UPDATE
                """)
                .bind("endpoint", endpointId).bind("id", id)
                .map(DeliveryQueue::toDelivery).one();
    }

    /** Queues a fresh attempt now; the attempt count is kept, so one at the cap gets exactly one more. */
    Mono<Delivery> requeue(UUID accountId, UUID id, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE webhook_deliveries SET status = 'retrying', next_attempt_at = :now, updated_at = :now
                WHERE account_id = :account_id AND id = :id RETURNING *
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
