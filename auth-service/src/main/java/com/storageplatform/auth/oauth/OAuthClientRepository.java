package com.storageplatform.auth.oauth;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
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
import reactor.core.publisher.Mono;

/** The {@code oauth_clients} table. */
@Repository
class OAuthClientRepository {

    private static final String COLUMNS = """
            id, client_id, secret_hash, operator_id, account_id AS client_account_id, environment, name, grant_types,
            redirect_uris, scopes, site_ids, created_at, revoked_at""";

    /** The admin API lists an operator's clients across its live and test accounts. */
    private static final String LIST_BY_OPERATOR = "SELECT " + COLUMNS + " FROM oauth_clients";

    private final DatabaseClient db;

    OAuthClientRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(RegisteredClient client) {
        DatabaseClient.GenericExecuteSpec insert = AccountStatement.sql(db, client.accountId(), """
                INSERT INTO oauth_clients (id, client_id, secret_hash, operator_id, account_id, environment, name,
                    grant_types, redirect_uris, scopes, site_ids, created_at)
                VALUES (:id, :client_id, :secret_hash, :operator_id, :account_id, :environment, :name,
                    :grant_types, :redirect_uris, :scopes, :site_ids, :created_at)
                """)
                .bind("id", client.id())
                .bind("client_id", client.clientId())
                .bind("secret_hash", ByteBuffer.wrap(client.secretHash()))
                .bind("operator_id", client.operatorId())
                .bind("environment", client.environment().value())
                .bind("name", client.name())
                .bind("grant_types", client.grantTypes().toArray(String[]::new))
                .bind("redirect_uris", client.redirectUris().toArray(String[]::new))
                .bind("scopes", client.scopes().toArray(String[]::new))
                .bind("created_at", client.createdAt());
        return nullable(insert, "site_ids", client.siteIds() == null ? null : client.siteIds().toArray(UUID[]::new),
                UUID[].class).then();
    }

    /**
     * The client, whatever its account: the admin API addresses clients by id, and the token endpoint by
     * {@code client_id}, before any account is known. Statements that change one bind its account.
     */
    Mono<RegisteredClient> find(UUID id) {
        return db.sql("SELECT " + COLUMNS + " FROM oauth_clients WHERE id = :id")
                .bind("id", id)
                .map(OAuthClientRepository::toClient)
                .one();
    }

    Mono<RegisteredClient> lock(UUID id) {
        return db.sql("SELECT " + COLUMNS + " FROM oauth_clients WHERE id = :id FOR UPDATE")
                .bind("id", id)
                .map(OAuthClientRepository::toClient)
                .one();
    }

    Mono<RegisteredClient> findByClientId(String clientId) {
        return db.sql("SELECT " + COLUMNS + " FROM oauth_clients WHERE client_id = :client_id")
                .bind("client_id", clientId)
                .map(OAuthClientRepository::toClient)
                .one();
    }

    <T> Mono<Envelopes.ListOf<T>> listForOperator(UUID operatorId, Environment environment, PageRequest page,
            Function<RegisteredClient, T> view) {
        return ListQuery.scopedBy(LIST_BY_OPERATOR, "operator_id", operatorId)
                .where("environment = :environment", "environment",
                        environment == null ? null : environment.value())
                .page(db, page, row -> view.apply(toClient(row)));
    }

    Mono<Void> revoke(RegisteredClient client, Instant at) {
        return AccountStatement.sql(db, client.accountId(), """
                UPDATE oauth_clients SET revoked_at = :at
                WHERE account_id = :account_id AND id = :id AND revoked_at IS NULL
                """)
                .bind("id", client.id())
                .bind("at", at)
                .then();
    }

    private static RegisteredClient toClient(Readable row) {
        ByteBuffer hash = row.get("secret_hash", ByteBuffer.class);
        byte[] secretHash = new byte[hash.remaining()];
        hash.get(secretHash);
        UUID[] sites = row.get("site_ids", UUID[].class);
        return new RegisteredClient(
                row.get("id", UUID.class),
                row.get("client_id", String.class),
                secretHash,
                row.get("operator_id", UUID.class),
                row.get("client_account_id", UUID.class),
                Environment.of(row.get("environment", String.class)),
                row.get("name", String.class),
                Arrays.asList(row.get("grant_types", String[].class)),
                Arrays.asList(row.get("redirect_uris", String[].class)),
                Arrays.asList(row.get("scopes", String[].class)),
                sites == null ? null : Arrays.asList(sites),
                row.get("created_at", Instant.class),
                row.get("revoked_at", Instant.class));
    }
}
