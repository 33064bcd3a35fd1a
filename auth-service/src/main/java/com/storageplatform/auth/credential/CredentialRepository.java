package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code credentials} table. Secrets come in only as SHA-256 hashes and never go out. */
@Repository
public class CredentialRepository {

    private static final String COLUMNS = """
            id, kind, secret_prefix, operator_id, account_id AS credential_account_id, environment, name, scopes,
            site_ids, actor_type, oauth_client_id, rotated_to_id, expires_at, revoked_at, created_at""";

    /** The admin API lists an operator's credentials across its live and test accounts. */
    private static final String LIST_BY_OPERATOR = "SELECT " + COLUMNS + " FROM credentials";

    private final DatabaseClient db;

    CredentialRepository(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Void> insert(Credential credential, byte[] secretHash) {
        return insert(credential, secretHash, null, null);
    }

    /** An OAuth token of a grant (authorization code): revoked with the rest of its family. */
    public Mono<Void> insertForGrant(Credential credential, byte[] secretHash, UUID grantId) {
        return insert(credential, secretHash, grantId, null);
    }

    /** An access token the developer settings mint for their own session's calls to the public API. */
    public Mono<Void> insertForSession(Credential credential, byte[] secretHash, UUID sessionId) {
        return insert(credential, secretHash, null, sessionId);
    }

    private Mono<Void> insert(Credential credential, byte[] secretHash, UUID grantId, UUID sessionId) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                INSERT INTO credentials (id, kind, secret_hash, secret_prefix, operator_id, account_id, environment,
                    name, scopes, site_ids, actor_type, oauth_client_id, expires_at, created_at, grant_id,
                    operator_session_id)
                VALUES (:id, :kind, :secret_hash, :secret_prefix, :operator_id, :account_id, :environment,
                    :name, :scopes, :site_ids, :actor_type, :oauth_client_id, :expires_at, :created_at, :grant_id,
                    :operator_session_id)
                """)
                .bind("id", credential.id())
                .bind("kind", credential.kind().value())
                .bind("secret_hash", ByteBuffer.wrap(secretHash))
                .bind("secret_prefix", credential.secretPrefix())
                .bind("operator_id", credential.operatorId())
                .bind("account_id", credential.accountId())
                .bind("environment", credential.environment().value())
                .bind("scopes", credential.scopes().toArray(String[]::new))
                .bind("actor_type", credential.actorType().value())
                .bind("created_at", credential.createdAt());
        insert = nullable(insert, "name", credential.name(), String.class);
        insert = nullable(insert, "site_ids",
                credential.siteIds() == null ? null : credential.siteIds().toArray(UUID[]::new), UUID[].class);
        insert = nullable(insert, "oauth_client_id", credential.oauthClientId(), UUID.class);
        insert = nullable(insert, "expires_at", credential.expiresAt(), Instant.class);
        insert = nullable(insert, "grant_id", grantId, UUID.class);
        insert = nullable(insert, "operator_session_id", sessionId, UUID.class);
        return insert.then();
    }

    /** A refresh token as presented: the row its secret hashes to, with its grant. */
    public Mono<GrantToken> findRefreshToken(byte[] secretHash) {
        return db.sql("SELECT " + COLUMNS + ", grant_id FROM credentials "
                        + "WHERE secret_hash = :hash AND kind = 'refresh_token'")
                .bind("hash", ByteBuffer.wrap(secretHash))
                .map(row -> new GrantToken(toCredential(row), row.get("grant_id", UUID.class)))
                .one();
    }

    /** A token of a grant. */
    public record GrantToken(Credential credential, UUID grantId) {
    }

    /**
     * Retires a refresh token in favour of its successor, unless it already was retired: true for the one rotation
     * that wins.
     */
    public Mono<Boolean> rotateRefreshToken(UUID id, UUID successorId, Instant at) {
        return db.sql("""
                UPDATE credentials SET revoked_at = :at, rotated_to_id = :successor
                WHERE id = :id AND revoked_at IS NULL AND rotated_to_id IS NULL
                RETURNING id
                """)
                .bind("id", id)
                .bind("successor", successorId)
                .bind("at", at)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    public Mono<Credential> find(CredentialKind kind, UUID id) {
        return db.sql("SELECT " + COLUMNS + " FROM credentials WHERE id = :id AND kind = :kind")
                .bind("id", id)
                .bind("kind", kind.value())
                .map(CredentialRepository::toCredential)
                .one();
    }

    /** The credential, its row locked until the transaction ends (rotation and revocation change it). */
    Mono<Credential> lock(CredentialKind kind, UUID id) {
        return db.sql("SELECT " + COLUMNS + " FROM credentials WHERE id = :id AND kind = :kind FOR UPDATE")
                .bind("id", id)
                .bind("kind", kind.value())
                .map(CredentialRepository::toCredential)
                .one();
    }

    /** Newest first; {@code environment} null lists both of the operator's accounts. */
    <T> Mono<Envelopes.ListOf<T>> listForOperator(CredentialKind kind, UUID operatorId, Environment environment,
            PageRequest page, Function<Credential, T> view) {
        return ListQuery.scopedBy(LIST_BY_OPERATOR, "operator_id", operatorId)
                .where("kind = :kind", "kind", kind.value())
                .where("environment = :environment", "environment",
                        environment == null ? null : environment.value())
                .page(db, page, row -> view.apply(toCredential(row)));
    }

    Mono<Void> markRotated(UUID id, UUID successorId, Instant expiresAt) {
        return db.sql("UPDATE credentials SET rotated_to_id = :successor, expires_at = :expires_at WHERE id = :id")
                .bind("id", id)
                .bind("successor", successorId)
                .bind("expires_at", expiresAt)
                .then();
    }

    Mono<Void> revoke(UUID id, Instant at) {
        return db.sql("UPDATE credentials SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL")
                .bind("id", id)
                .bind("at", at)
                .then();
    }

    /**
     * Revokes every token issued to an OAuth client that has not expired or been revoked yet; returns their ids
     * (the ones the gateway may hold in its cache).
     */
    public Flux<UUID> revokeIssuedTo(UUID oauthClientId, Instant at) {
        return db.sql("""
                UPDATE credentials SET revoked_at = :at
                WHERE oauth_client_id = :client AND revoked_at IS NULL AND expires_at > :at
                RETURNING id
                """)
                .bind("client", oauthClientId)
                .bind("at", at)
                .map(row -> row.get("id", UUID.class))
                .all();
    }

    /** Deletes OAuth access and refresh tokens that expired before {@code cutoff}; returns how many. */
    Mono<Long> deleteTokensExpiredBefore(Instant cutoff) {
        return db.sql("""
                DELETE FROM credentials
                WHERE kind IN ('access_token', 'refresh_token') AND expires_at < :cutoff
                """)
                .bind("cutoff", cutoff)
                .fetch()
                .rowsUpdated();
    }

    private static Credential toCredential(Readable row) {
        UUID[] sites = row.get("site_ids", UUID[].class);
        return new Credential(
                row.get("id", UUID.class),
                CredentialKind.of(row.get("kind", String.class)),
                row.get("secret_prefix", String.class),
                row.get("operator_id", UUID.class),
                row.get("credential_account_id", UUID.class),
                Environment.of(row.get("environment", String.class)),
                row.get("name", String.class),
                Arrays.asList(row.get("scopes", String[].class)),
                sites == null ? null : Arrays.asList(sites),
                ActorType.of(row.get("actor_type", String.class)),
                row.get("oauth_client_id", UUID.class),
                row.get("rotated_to_id", UUID.class),
                row.get("expires_at", Instant.class),
                row.get("revoked_at", Instant.class),
                row.get("created_at", Instant.class));
    }

    static <V> DatabaseClient.GenericExecuteSpec nullable(DatabaseClient.GenericExecuteSpec spec, String name,
            V value, Class<V> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
