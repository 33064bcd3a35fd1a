package com.storageplatform.auth.oauth;

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
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code app_installations} and {@code oauth_grants} tables; the tokens of a grant are the credentials
 * feature's ({@code Credentials}).
 */
@Repository
class GrantRepository {

    private static final String INSTALLATION_COLUMNS = """
            i.id, i.oauth_client_id, c.client_id, c.name AS app_name, i.operator_id, i.account_id AS installed_account_id,
            i.environment, i.scopes, i.installed_by, i.created_at, i.updated_at, i.revoked_at""";
    private static final String INSTALLATIONS = "SELECT * FROM (SELECT " + INSTALLATION_COLUMNS
            + " FROM app_installations i JOIN oauth_clients c ON c.id = i.oauth_client_id) AS installations";
    private static final String GRANT = """
            SELECT g.id, g.installation_id, g.oauth_client_id, i.operator_id, g.account_id AS granted_account_id,
                   i.environment, g.redirect_uri, g.code_challenge, g.scopes, g.code_expires_at, g.code_used_at,
                   g.revoked_at, i.revoked_at AS installation_revoked_at
            FROM oauth_grants g JOIN app_installations i ON i.id = g.installation_id
            """;

    private final DatabaseClient db;

    GrantRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The client's live installation on the account, locked: one consent at a time per app and account. */
    Mono<Installation> lockActiveInstallation(UUID oauthClientId, UUID accountId) {
        return AccountStatement.sql(db, accountId, "SELECT " + INSTALLATION_COLUMNS + """
                 FROM app_installations i JOIN oauth_clients c ON c.id = i.oauth_client_id
                WHERE i.account_id = :account_id AND i.oauth_client_id = :client AND i.revoked_at IS NULL
                FOR UPDATE OF i
                """)
                .bind("client", oauthClientId)
                .map(GrantRepository::toInstallation)
                .one();
    }

    Mono<Void> insertInstallation(Installation installation) {
        return AccountStatement.sql(db, installation.accountId(), """
                INSERT INTO app_installations (id, oauth_client_id, operator_id, account_id, environment, scopes,
                    installed_by, created_at, updated_at)
                VALUES (:id, :client, :operator, :account_id, :environment, :scopes, :installed_by, :now, :now)
                """)
                .bind("id", installation.id())
                .bind("client", installation.oauthClientId())
                .bind("operator", installation.operatorId())
                .bind("environment", installation.environment().value())
                .bind("scopes", installation.scopes().toArray(String[]::new))
                .bind("installed_by", installation.installedBy())
                .bind("now", installation.createdAt())
                .then();
    }

    Mono<Void> updateInstallationScopes(Installation installation, List<String> scopes, Instant at) {
        return AccountStatement.sql(db, installation.accountId(), """
                UPDATE app_installations SET scopes = :scopes, updated_at = :at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", installation.id())
                .bind("scopes", scopes.toArray(String[]::new))
                .bind("at", at)
                .then();
    }

    /**
     * The operator's installation, on either of its accounts: the developer settings address installations by id
     * for the signed-in operator, not one account.
     */
    Mono<Installation> findInstallation(UUID id, UUID operatorId) {
        return db.sql(INSTALLATIONS + " WHERE id = :id AND operator_id = :operator")
                .bind("id", id)
                .bind("operator", operatorId)
                .map(GrantRepository::toInstallation)
                .one();
    }

    /** The operator's installations, newest first; {@code environment} null lists both accounts. */
    Mono<Envelopes.ListOf<Installation>> listInstallations(UUID operatorId, Environment environment, PageRequest page) {
        return ListQuery.scopedBy(INSTALLATIONS, "operator_id", operatorId)
                .where("environment = :environment", "environment", environment == null ? null : environment.value())
                .page(db, page, GrantRepository::toInstallation);
    }

    /**
     * Revokes the installation and every grant on it (those revoked before keep their time); returns the ids of
     * all its grants, whose tokens go next.
     */
    Flux<UUID> revokeInstallation(Installation installation, Instant at) {
        return AccountStatement.sql(db, installation.accountId(), """
                UPDATE app_installations SET revoked_at = :at, updated_at = :at
                WHERE account_id = :account_id AND id = :id AND revoked_at IS NULL
                """)
                .bind("id", installation.id())
                .bind("at", at)
                .then()
                .thenMany(AccountStatement.sql(db, installation.accountId(), """
                        UPDATE oauth_grants SET revoked_at = COALESCE(revoked_at, :at)
                        WHERE account_id = :account_id AND installation_id = :id
                        RETURNING id
                        """)
                        .bind("id", installation.id())
                        .bind("at", at)
                        .map(row -> row.get("id", UUID.class))
                        .all());
    }

    Mono<Void> insertGrant(UUID id, Installation installation, byte[] codeHash, AuthorizationRequest request,
            Instant now, Instant codeExpiresAt) {
        return AccountStatement.sql(db, installation.accountId(), """
                INSERT INTO oauth_grants (id, installation_id, account_id, oauth_client_id, code_hash, redirect_uri,
                    code_challenge, scopes, code_expires_at, created_at)
                VALUES (:id, :installation, :account_id, :client, :code_hash, :redirect_uri, :challenge, :scopes,
                    :expires, :now)
                """)
                .bind("id", id)
                .bind("installation", installation.id())
                .bind("client", installation.oauthClientId())
                .bind("code_hash", ByteBuffer.wrap(codeHash))
                .bind("redirect_uri", request.redirectUri())
                .bind("challenge", request.codeChallenge())
                .bind("scopes", request.scopes().toArray(String[]::new))
                .bind("expires", codeExpiresAt)
                .bind("now", now)
                .then();
    }

    /**
     * The grant a code was issued for, every account's: the code is all the app presents, and the grant's account
     * (where the app was installed) is not the client's.
     */
    Mono<Grant> findByCode(byte[] codeHash) {
        return db.sql(GRANT + " WHERE g.code_hash = :hash")
                .bind("hash", ByteBuffer.wrap(codeHash))
                .map(GrantRepository::toGrant)
                .one();
    }

    /** The grant of a token of this account. */
    Mono<Grant> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, GRANT + " WHERE g.account_id = :account_id AND g.id = :id")
                .bind("id", id)
                .map(GrantRepository::toGrant)
                .one();
    }

    /** Marks the code used, unless it already was: true for the one exchange that wins. */
    Mono<Boolean> claimCode(Grant grant, Instant at) {
        return AccountStatement.sql(db, grant.accountId(), """
                UPDATE oauth_grants SET code_used_at = :at
                WHERE account_id = :account_id AND id = :id AND code_used_at IS NULL AND revoked_at IS NULL
                RETURNING id
                """)
                .bind("id", grant.id())
                .bind("at", at)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /** Revokes the grant, unless it already was; its tokens go next. */
    Mono<Void> revokeGrant(Grant grant, Instant at) {
        return AccountStatement.sql(db, grant.accountId(), """
                UPDATE oauth_grants SET revoked_at = :at
                WHERE account_id = :account_id AND id = :id AND revoked_at IS NULL
                """)
                .bind("id", grant.id())
                .bind("at", at)
                .then();
    }

    private static Installation toInstallation(Readable row) {
        return new Installation(row.get("id", UUID.class), Installation.OBJECT, row.get("oauth_client_id", UUID.class),
                row.get("client_id", String.class), row.get("app_name", String.class),
                row.get("operator_id", UUID.class), row.get("installed_account_id", UUID.class),
                Environment.of(row.get("environment", String.class)),
                Arrays.asList(row.get("scopes", String[].class)), row.get("installed_by", UUID.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class),
                row.get("revoked_at", Instant.class));
    }

    private static Grant toGrant(Readable row) {
        return new Grant(row.get("id", UUID.class), row.get("installation_id", UUID.class),
                row.get("oauth_client_id", UUID.class), row.get("operator_id", UUID.class),
                row.get("granted_account_id", UUID.class), Environment.of(row.get("environment", String.class)),
                row.get("redirect_uri", String.class), row.get("code_challenge", String.class),
                Arrays.asList(row.get("scopes", String[].class)), row.get("code_expires_at", Instant.class),
                row.get("code_used_at", Instant.class), row.get("revoked_at", Instant.class),
                row.get("installation_revoked_at", Instant.class));
    }
}
