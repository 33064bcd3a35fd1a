package com.storageplatform.kit.request;

import com.storageplatform.kit.db.Bindings;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service's {@code idempotency_keys} table. Every call runs inside the request's transaction; the
 * transaction-scoped advisory lock is what keeps two requests with one key from executing at once.
 */
public class IdempotencyStore {

    public static final Duration RETENTION = Duration.ofHours(24);

    private final DatabaseClient db;
    private final Clock clock;
    private final JsonMapper mapper;

    public IdempotencyStore(DatabaseClient db, Clock clock, JsonMapper mapper) {
        this.db = db;
        this.clock = clock;
        this.mapper = mapper;
    }

    record Stored(String fingerprint, Outcome outcome) {
    }

    /**
     * True when this transaction now holds the key; false while another request holds it. Advisory locks are
     * per database and every service shares one, so the lock is named after the service's schema too.
     */
    Mono<Boolean> tryLock(long lockKey) {
        return db.sql("""
                SELECT pg_try_advisory_xact_lock(
                    hashtextextended('platform-idempotency:' || current_schema() || ':' || :key, 0)) AS locked
                """)
                .bind("key", Long.toString(lockKey))
                .map(row -> row.get("locked", Boolean.class))
                .one();
    }

    /** The response stored under the key within the last 24 hours, opened with the key. */
    Mono<Stored> find(UUID scope, String key) {
        return db.sql("""
                SELECT fingerprint, status_code, content_type, response_body, response_headers FROM idempotency_keys
                WHERE scope_id = :scope AND key_hash = :key_hash AND created_at > :cutoff
                """)
                .bind("scope", scope)
                .bind("key_hash", SealedResponse.lookupHash(scope.toString(), key))
                .bind("cutoff", clock.instant().minus(RETENTION))
                .map(row -> new Stored(row.get("fingerprint", String.class),
                        new Outcome(row.get("status_code", Integer.class), row.get("content_type", String.class),
                                SealedResponse.open(scope.toString(), key, bytes(row.get("response_body", ByteBuffer.class))),
                                headers(row.get("response_headers", String.class)))))
                .one();
    }

    /** Stores the response; replaces a row older than the retention that the cleanup job has not removed yet. */
    Mono<Void> save(UUID scope, String key, String fingerprint, Outcome outcome) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                INSERT INTO idempotency_keys (scope_id, key_hash, fingerprint, status_code, content_type,
                    response_body, response_headers, created_at)
                VALUES (:scope, :key_hash, :fingerprint, :status, :content_type, :body, :headers, :created_at)
                ON CONFLICT (scope_id, key_hash) DO UPDATE SET
                    fingerprint = EXCLUDED.fingerprint, status_code = EXCLUDED.status_code,
                    content_type = EXCLUDED.content_type, response_body = EXCLUDED.response_body,
                    response_headers = EXCLUDED.response_headers, created_at = EXCLUDED.created_at
                """)
                .bind("scope", scope)
                .bind("key_hash", SealedResponse.lookupHash(scope.toString(), key))
                .bind("fingerprint", fingerprint)
                .bind("status", outcome.status())
                .bind("body", ByteBuffer.wrap(SealedResponse.seal(scope.toString(), key, outcome.body())))
                .bind("headers", mapper.writeValueAsString(outcome.headers()))
                .bind("created_at", clock.instant());
        return Bindings.nullable(spec, "content_type", outcome.contentType(), String.class).then();
    }

    private Map<String, String> headers(String json) {
        return mapper.readValue(json, new TypeReference<Map<String, String>>() {
        });
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
