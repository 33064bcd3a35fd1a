package com.storageplatform.kit.request;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The service's {@code idempotency_keys} table. Every call runs inside the request's transaction; the
 * transaction-scoped advisory lock is what keeps two requests with one key from executing at once.
 */
public class IdempotencyStore {

    public static final Duration RETENTION = Duration.ofHours(24);

    private final DatabaseClient db;
    private final Clock clock;

    public IdempotencyStore(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    record Stored(String fingerprint, Outcome outcome) {
    }

    /** True when this transaction now holds the key; false while another request holds it. */
    Mono<Boolean> tryLock(long lockKey) {
        return db.sql("SELECT pg_try_advisory_xact_lock(:key) AS locked")
                .bind("key", lockKey)
                .map(row -> row.get("locked", Boolean.class))
                .one();
    }

    /** The response stored under the key within the last 24 hours. */
    Mono<Stored> find(UUID scope, String key) {
        return db.sql("""
                SELECT fingerprint, status_code, content_type, response_body FROM idempotency_keys
                WHERE scope_id = :scope AND idempotency_key = :key AND created_at > :cutoff
                """)
                .bind("scope", scope)
                .bind("key", key)
                .bind("cutoff", clock.instant().minus(RETENTION))
                .map(row -> new Stored(row.get("fingerprint", String.class),
                        new Outcome(row.get("status_code", Integer.class), row.get("content_type", String.class),
                                bytes(row.get("response_body", ByteBuffer.class)), java.util.Map.of())))
                .one();
    }

    /** Stores the response; replaces a row older than the retention that the cleanup job has not removed yet. */
    Mono<Void> save(UUID scope, String key, String fingerprint, Outcome outcome) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                INSERT INTO idempotency_keys
                    (scope_id, idempotency_key, fingerprint, status_code, content_type, response_body, created_at)
                VALUES (:scope, :key, :fingerprint, :status, :content_type, :body, :created_at)
                ON CONFLICT (scope_id, idempotency_key) DO UPDATE SET
                    fingerprint = EXCLUDED.fingerprint, status_code = EXCLUDED.status_code,
                    content_type = EXCLUDED.content_type, response_body = EXCLUDED.response_body,
                    created_at = EXCLUDED.created_at
                """)
                .bind("scope", scope)
                .bind("key", key)
                .bind("fingerprint", fingerprint)
                .bind("status", outcome.status())
                .bind("body", ByteBuffer.wrap(outcome.body()))
                .bind("created_at", clock.instant());
        spec = outcome.contentType() == null ? spec.bindNull("content_type", String.class)
                : spec.bind("content_type", outcome.contentType());
        return spec.then();
    }

    Mono<Void> savepoint() {
        return db.sql("SAVEPOINT idempotent_request").then();
    }

    Mono<Void> rollbackToSavepoint() {
        return db.sql("ROLLBACK TO SAVEPOINT idempotent_request").then();
    }

    /** Removes keys past their 24-hour retention; returns how many. */
    public Mono<Long> deleteExpired() {
        Instant cutoff = clock.instant().minus(RETENTION);
        return db.sql("DELETE FROM idempotency_keys WHERE created_at <= :cutoff")
                .bind("cutoff", cutoff)
                .fetch()
                .rowsUpdated();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
