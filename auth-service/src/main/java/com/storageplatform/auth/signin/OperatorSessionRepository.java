package com.storageplatform.auth.signin;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The {@code operator_sessions} table. A session is a person's, not one account's (the settings work on both of the
 * operator's accounts), so its statements bind the session's own keys, never an account.
 */
@Repository
class OperatorSessionRepository {

    private final DatabaseClient db;

    OperatorSessionRepository(DatabaseClient db) {
        this.db = db;
    }

    /** A session: its id, the operator user it signed in, and its synchronizer token. */
    record Session(UUID id, UUID operatorUserId, String csrfToken) {
    }

    Mono<Void> insert(Session session, byte[] secretHash, Instant now, Instant expiresAt) {
        return db.sql("""
                INSERT INTO operator_sessions (id, secret_hash, operator_user_id, csrf_token, created_at, expires_at)
                VALUES (:id, :hash, :user, :csrf, :now, :expires)
                """)
                .bind("id", session.id())
                .bind("hash", ByteBuffer.wrap(secretHash))
                .bind("user", session.operatorUserId())
                .bind("csrf", session.csrfToken())
                .bind("now", now)
                .bind("expires", expiresAt)
                .then();
    }

    /** The session whose secret has this hash, while it has neither ended nor expired at {@code now}. */
    Mono<Session> findLive(byte[] secretHash, Instant now) {
        return db.sql("""
                SELECT id, operator_user_id, csrf_token FROM operator_sessions
                WHERE secret_hash = :hash AND ended_at IS NULL AND expires_at > :now
                """)
                .bind("hash", ByteBuffer.wrap(secretHash))
                .bind("now", now)
                .map(row -> new Session(row.get("id", UUID.class), row.get("operator_user_id", UUID.class),
                        row.get("csrf_token", String.class)))
                .one();
    }

    Mono<Void> end(UUID id, Instant at) {
        return db.sql("UPDATE operator_sessions SET ended_at = :at WHERE id = :id AND ended_at IS NULL")
                .bind("id", id)
                .bind("at", at)
                .then();
    }

    /** Sessions that expired before {@code cutoff} (ended or not), at most {@code limit} of them. */
    Mono<List<UUID>> expiredBefore(Instant cutoff, int limit) {
        return db.sql("SELECT id FROM operator_sessions WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit")
                .bind("cutoff", cutoff)
                .bind("limit", limit)
                .map(row -> row.get("id", UUID.class))
                .all()
                .collectList();
    }

    Mono<Long> delete(List<UUID> ids) {
        return db.sql("DELETE FROM operator_sessions WHERE id = ANY(:ids)")
                .bind("ids", ids.toArray(UUID[]::new))
                .fetch()
                .rowsUpdated();
    }
}
