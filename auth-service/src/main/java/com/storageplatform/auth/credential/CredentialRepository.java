package com.storageplatform.auth.credential;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.auth.oauth.OAuthClients;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code credentials} table; other features go through {@link Credentials}. Secrets come in only as SHA-256
 * hashes and never go out.
 */
@Repository
class CredentialRepository {

    private static final String COLUMNS = """
            id, kind, secret_prefix, operator_id, account_id AS credential_account_id, environment, name, scopes,
            site_ids, actor_type, oauth_client_id, rotated_to_id, expires_at, revoked_at, created_at""";

    /** The admin API lists an operator's credentials across its live and test accounts. */
    private static final String LIST_BY_OPERATOR = "SELECT " + COLUMNS + " FROM credentials";

    private final DatabaseClient db;

    CredentialRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(Credential credential, byte[] secretHash) {
        return insert(credential, secretHash, null, null);
    }

    /** Stores a credential, tied to the grant or the operator session (at most one) it was minted for. */
    Mono<Void> insert(Credential credential, byte[] secretHash, UUID grantId, UUID sessionId) {
        DatabaseClient.GenericExecuteSpec insert = AccountStatement.sql(db, credential.accountId(), """
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

    /**
     * A refresh token as presented, with its grant: the row its secret hashes to, every account's, since the
     * secret is all the app presents.
     */
    Mono<Credentials.GrantToken> findRefreshToken(byte[] secretHash) {
        return db.sql("SELECT " + COLUMNS + ", grant_id FROM credentials "
                        + "WHERE secret_hash = :hash AND kind = 'refresh_token'")
                .bind("hash", ByteBuffer.wrap(secretHash))
                .map(row -> new Credentials.GrantToken(toCredential(row), row.get("grant_id", UUID.class)))
                .one();
    }

    /**
     * Retires a refresh token in favour of its successor, unless it already was retired: true for the one rotation
     * that wins.
     */
    Mono<Boolean> rotateRefreshToken(Credential token, UUID successorId, Instant at) {
        return AccountStatement.sql(db, token.accountId(), """
                UPDATE credentials SET revoked_at = :at, rotated_to_id = :successor
                WHERE account_id = :account_id AND id = :id AND revoked_at IS NULL AND rotated_to_id IS NULL
                RETURNING id
                """)
                .bind("id", token.id())
                .bind("successor", successorId)
                .bind("at", at)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /**
     * The credential, whatever its account: the admin API addresses credentials by id alone, for the platform
     * admin. Statements that change one bind its account.
     */
    Mono<Credential> find(CredentialKind kind, UUID id) {
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

    Mono<Void> markRotated(Credential credential, UUID successorId, Instant expiresAt) {
        return AccountStatement.sql(db, credential.accountId(), """
                UPDATE credentials SET rotated_to_id = :successor, expires_at = :expires_at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", credential.id())
                .bind("successor", successorId)
                .bind("expires_at", expiresAt)
                .then();
    }

    Mono<Void> revoke(Credential credential, Instant at) {
        return AccountStatement.sql(db, credential.accountId(), """
                UPDATE credentials SET revoked_at = :at
                WHERE account_id = :account_id AND id = :id AND revoked_at IS NULL
                """)
                .bind("id", credential.id())
                .bind("at", at)
                .then();
    }

    /**
     * Revokes every token issued to an OAuth client that has not expired or been revoked yet; returns their ids
     * (the ones the gateway may hold in its cache).
     */
    Flux<UUID> revokeIssuedTo(UUID accountId, UUID oauthClientId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE credentials SET revoked_at = :at
                WHERE account_id = :account_id AND oauth_client_id = :client AND revoked_at IS NULL
                  AND expires_at > :at
                RETURNING id
                """)
                .bind("client", oauthClientId)
                .bind("at", at)
                .map(row -> row.get("id", UUID.class))
                .all();
    }

    /**
     * Revokes every token of the account's grants (those not revoked yet as of {@code at}, the others keep their
     * time); returns the ids of all their tokens that have not expired, which the gateway may hold in its cache.
     */
    Flux<UUID> revokeOfGrants(UUID accountId, List<UUID> grantIds, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE credentials SET revoked_at = COALESCE(revoked_at, :at)
                WHERE account_id = :account_id AND grant_id = ANY(:grants) AND expires_at > :at
                RETURNING id
                """)
                .bind("grants", grantIds.toArray(UUID[]::new))
                .bind("at", at)
                .map(row -> row.get("id", UUID.class))
                .all();
    }

    /**
     * Revokes the access tokens an operator session minted that still work; returns their ids. By operator, not
     * account: one session calls the API on both of the operator's accounts.
     */
    Flux<UUID> revokeOfSession(UUID operatorId, UUID sessionId, Instant at) {
        return db.sql("""
                UPDATE credentials SET revoked_at = :at
                WHERE operator_id = :operator_id AND operator_session_id = :session AND revoked_at IS NULL
                  AND expires_at > :at
                RETURNING id
                """)
                .bind("operator_id", operatorId)
                .bind("session", sessionId)
                .bind("at", at)
                .map(row -> row.get("id", UUID.class))
                .all();
    }

    /** Deletes every token the sessions minted, whatever their account (a cleanup job); returns how many. */
    Mono<Long> deleteOfSessions(List<UUID> sessionIds) {
        return db.sql("DELETE FROM credentials WHERE operator_session_id = ANY(:sessions)")
                .bind("sessions", sessionIds.toArray(UUID[]::new))
                .fetch()
                .rowsUpdated();
    }

    /**
     * The credential whose secret has this hash while it is active at {@code now} ({@link Credentials}): one
     * lookup on the unique hash index, every account's, since the secret is all the caller presents.
     */
    Mono<Credential> activeBySecretHash(byte[] secretHash, Instant now) {
        return db.sql("SELECT " + COLUMNS + " FROM credentials c WHERE c.secret_hash = :hash"
                        + " AND c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > :now) AND "
                        + OAuthClients.notRevoked("c.oauth_client_id"))
                .bind("hash", ByteBuffer.wrap(secretHash))
                .bind("now", now)
                .map(CredentialRepository::toCredential)
                .one();
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
}
