package com.storageplatform.kit.outbox;

import com.storageplatform.kit.db.Bindings;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The SQL of {@code outbox_events}: nothing else reads or writes the table. */
class OutboxRepository {

    /**
     * Claims whole partition keys with a transaction-scoped advisory lock named after the schema and the key,
     * then their oldest pending rows; parked rows are passed over. A key with a failed row not yet due for its
     * next attempt is passed over whole; a key whose failed row is due gives only its first row, which is tried
     * alone, so the rows behind a failure are not sent again with each try.
     */
    private static final String CLAIM = """
            WITH pending_keys AS (
                SELECT partition_key, min(seq) AS first_seq, count(next_attempt_at) > 0 AS retrying
                FROM outbox_events
                WHERE sent_at IS NULL AND failed_at IS NULL
                GROUP BY partition_key
                HAVING count(*) FILTER (WHERE next_attempt_at > :now) = 0
                ORDER BY first_seq LIMIT :key_limit
            ), claimed_keys AS (
                SELECT partition_key, first_seq, retrying FROM pending_keys
                WHERE pg_try_advisory_xact_lock(
                    hashtextextended('platform-outbox:' || current_schema() || ':' || partition_key, 0))
            )
            SELECT seq, event_id, partition_key, event_type, topic, payload, attempts, failing_since, traceparent
            FROM outbox_events
            WHERE sent_at IS NULL AND failed_at IS NULL
              AND (partition_key IN (SELECT partition_key FROM claimed_keys WHERE NOT retrying)
                   OR seq IN (SELECT first_seq FROM claimed_keys WHERE retrying))
            ORDER BY seq
            LIMIT :batch_size
            FOR UPDATE SKIP LOCKED
            """;

    private static final String ENTRY = """
            SELECT * FROM (
                SELECT event_id AS id, partition_key, event_type, topic, attempts, last_error, created_at,
                       failing_since, failed_at, resubmitted_at, sent_at
                FROM outbox_events
            ) entries
            """;

    private final DatabaseClient db;
    private final String service;

    OutboxRepository(DatabaseClient db, String service) {
        this.db = db;
        this.service = service;
    }

    Mono<Void> insert(UUID id, String key, String topic, String type, String payload, Instant createdAt,
            String traceparent) {
        return Bindings.nullable(db.sql("""
                INSERT INTO outbox_events (event_id, partition_key, topic, event_type, payload, created_at,
                    traceparent)
                VALUES (:id, :key, :topic, :type, :payload, :created_at, :traceparent)
                """)
                .bind("id", id)
                .bind("key", key)
                .bind("topic", topic)
                .bind("type", type)
                .bind("payload", payload)
                .bind("created_at", createdAt), "traceparent", traceparent, String.class)
                .then();
    }

    Flux<OutboxRelay.Row> claim(int keyLimit, int batchSize, Instant now) {
        return db.sql(CLAIM)
                .bind("now", now)
                .bind("key_limit", keyLimit)
                .bind("batch_size", batchSize)
                .map(row -> new OutboxRelay.Row(row.get("seq", Long.class), row.get("event_id", UUID.class),
                        row.get("partition_key", String.class), row.get("event_type", String.class),
                        row.get("topic", String.class),
                        row.get("payload", String.class), row.get("attempts", Integer.class),
                        row.get("failing_since", Instant.class), row.get("traceparent", String.class)))
                .all();
    }

    Mono<Void> markSent(List<Long> seqs, Instant now) {
        if (seqs.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("UPDATE outbox_events SET sent_at = :now, attempts = attempts + 1 WHERE seq = ANY(:seqs)")
                .bind("now", now)
                .bind("seqs", seqs.toArray(Long[]::new))
                .then();
    }

    /**
     * Records failed tries that leave their rows pending. A failure other than an outage starts the row's
     * {@code failing_since} if it has none. The row is due again after {@code firstWait}, doubled for each attempt
     * it has had, up to {@code maxWait}.
     */
    Mono<Void> markRetried(List<OutboxRelay.Failure> failures, Instant now, Duration firstWait, Duration maxWait) {
        return byError(failures, (error, group) -> db.sql("""
                UPDATE outbox_events SET attempts = attempts + 1, last_error = :error,
                    failing_since = CASE WHEN :outage THEN failing_since ELSE coalesce(failing_since, :now) END,
                    next_attempt_at = :now
                        + least(:first_wait_ms * 2 ^ least(attempts, 30), :max_wait_ms) * interval '1 millisecond'
                WHERE seq = ANY(:seqs)
                """)
                .bind("error", error.text())
                .bind("outage", error.kind() == SendFailure.OUTAGE)
                .bind("now", now)
                .bind("first_wait_ms", firstWait.toMillis())
                .bind("max_wait_ms", maxWait.toMillis())
                .bind("seqs", seqs(group))
                .then());
    }

    /** Parks rows: the relay passes them over until they are resubmitted. */
    Mono<Void> markParked(List<OutboxRelay.Failure> failures, Instant now) {
        return byError(failures, (error, group) -> db.sql("""
                UPDATE outbox_events SET attempts = attempts + 1, last_error = :error,
                    failing_since = coalesce(failing_since, :now), failed_at = :now
                WHERE seq = ANY(:seqs)
                """)
                .bind("error", error.text())
                .bind("now", now)
                .bind("seqs", seqs(group))
                .then());
    }

    Mono<Envelopes.ListOf<OutboxEntry>> parked(PageRequest page) {
        return ListQuery.platformWide(ENTRY).where("failed_at IS NOT NULL").page(db, page, this::entry);
    }

    /** Makes a parked row pending again; empty when no parked row has that id. */
    Mono<OutboxEntry> resubmit(UUID id, Instant now) {
        return db.sql("""
                UPDATE outbox_events SET failed_at = NULL, failing_since = NULL, next_attempt_at = NULL,
                    resubmitted_at = :now
                WHERE event_id = :id AND failed_at IS NOT NULL
                """)
                .bind("id", id)
                .bind("now", now)
                .fetch().rowsUpdated()
                .filter(updated -> updated > 0)
                .flatMap(updated -> find(id));
    }

    Mono<OutboxEntry> find(UUID id) {
        return db.sql(ENTRY + " WHERE id = :id").bind("id", id).map(this::entry).one();
    }

    /**
     * The pending rows (their count and the oldest one's {@code created_at}) and the parked rows' count, in one
     * statement whose parts find their rows through V4's partial indexes, never by scanning the sent history.
     */
    Mono<OutboxRegistry.Figures> figures() {
        return db.sql("""
                SELECT pending.rows AS pending, pending.oldest AS oldest,
                       (SELECT count(*) FROM outbox_events WHERE failed_at IS NOT NULL) AS parked
                FROM (SELECT count(*) AS rows, min(created_at) AS oldest FROM outbox_events
                      WHERE sent_at IS NULL AND failed_at IS NULL) pending
                """)
                .map(row -> new OutboxRegistry.Figures(row.get("pending", Long.class),
                        row.get("oldest", Instant.class), row.get("parked", Long.class)))
                .one();
    }

    Mono<Long> deleteSentBefore(Instant cutoff) {
        return db.sql("DELETE FROM outbox_events WHERE sent_at IS NOT NULL AND sent_at < :cutoff")
                .bind("cutoff", cutoff)
                .fetch()
                .rowsUpdated();
    }

    private OutboxEntry entry(Readable row) {
        String key = row.get("partition_key", String.class);
        Instant failedAt = row.get("failed_at", Instant.class);
        Instant sentAt = row.get("sent_at", Instant.class);
        String status = sentAt != null ? "sent" : failedAt != null ? "failed" : "pending";
        return new OutboxEntry(row.get("id", UUID.class), OutboxEntry.OBJECT, service,
                EventPublisher.PLATFORM_KEY.equals(key) ? null : key, row.get("event_type", String.class),
                row.get("topic", String.class), status, row.get("attempts", Integer.class),
                row.get("last_error", String.class), row.get("created_at", Instant.class),
                row.get("failing_since", Instant.class), failedAt, row.get("resubmitted_at", Instant.class), sentAt);
    }

    private interface Update {
        Mono<Void> apply(OutboxRelay.Error error, List<OutboxRelay.Failure> group);
    }

    /** One statement per distinct error (a batch that failed for one reason is one statement). */
    private static Mono<Void> byError(List<OutboxRelay.Failure> failures, Update update) {
        Map<OutboxRelay.Error, List<OutboxRelay.Failure>> groups = failures.stream()
                .collect(Collectors.groupingBy(OutboxRelay.Failure::error));
        return Flux.fromIterable(groups.entrySet()).concatMap(group -> update.apply(group.getKey(), group.getValue()))
                .then();
    }

    private static Long[] seqs(Collection<OutboxRelay.Failure> failures) {
        return failures.stream().map(OutboxRelay.Failure::seq).toArray(Long[]::new);
    }
}
