package com.storageplatform.crm.integration;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code integration_connections} table, every statement bound to one account. Reads never select the sealed
 * credentials, except {@link #inServiceFor}, which only the internal read uses, and {@link #findStoredForUpdate},
 * which only a port's replacement of credentials uses.
 */
@Repository
class IntegrationRepository {

    private static final String COLUMNS = """
            id, kind, provider, channel, name, settings::text AS settings, credential_keys, site_ids, status,
            last_error_message, last_error_at, last_used_at, created_at, updated_at
            """;
    private static final TypeReference<Map<String, Object>> SETTINGS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;

    IntegrationRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** The list's filters; null filters nothing. */
    record Filters(String kind, String provider, String status) {
    }

    /**
     * Inserts the connection with its sealed credentials; 409 when another connection of its kind (and channel) is
     * in service, which the unique index decides even between two requests at once.
     */
    Mono<Void> insert(UUID accountId, IntegrationConnection c, byte[] sealed) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO integration_connections (account_id, id, kind, provider, channel, name, settings,
                       credentials_sealed, credential_keys, site_ids, status, created_at, updated_at)
                VALUES (:account_id, :id, :kind, :provider, :channel, :name, CAST(:settings AS jsonb),
                       :credentials_sealed, :credential_keys, :site_ids, :status, :created_at, :updated_at)
                """)
                .bind("id", c.id())
                .bind("kind", c.kind())
                .bind("provider", c.provider())
                .bind("name", c.name())
                .bind("settings", json.writeValueAsString(c.settings()))
                .bind("credentials_sealed", ByteBuffer.wrap(sealed))
                .bind("credential_keys", c.credentialKeys().toArray(String[]::new))
                .bind("site_ids", c.siteIds().toArray(UUID[]::new))
                .bind("status", c.status())
                .bind("created_at", c.createdAt())
                .bind("updated_at", c.updatedAt());
        return nullable(insert, "channel", c.channel(), String.class).then()
                .onErrorMap(DataIntegrityViolationException.class, e -> IntegrationService.oneInService(c));
    }

    /** Writes what a change can touch; the sealed credentials too when {@code sealed} is not null. */
    Mono<Void> save(UUID accountId, IntegrationConnection c, byte[] sealed) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE integration_connections
                   SET name = :name, settings = CAST(:settings AS jsonb),
                       credentials_sealed = COALESCE(:credentials_sealed, credentials_sealed),
                       credential_keys = :credential_keys, site_ids = :site_ids, status = :status,
                       last_error_message = :last_error_message, last_error_at = :last_error_at,
                       last_used_at = :last_used_at, updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", c.id())
                .bind("name", c.name())
                .bind("settings", json.writeValueAsString(c.settings()))
                .bind("credential_keys", c.credentialKeys().toArray(String[]::new))
                .bind("site_ids", c.siteIds().toArray(UUID[]::new))
                .bind("status", c.status())
                .bind("updated_at", c.updatedAt());
        update = nullable(update, "credentials_sealed", sealed == null ? null : ByteBuffer.wrap(sealed),
                ByteBuffer.class);
        update = nullable(update, "last_error_message", c.lastError() == null ? null : c.lastError().message(),
                String.class);
        update = nullable(update, "last_error_at", c.lastError() == null ? null : c.lastError().at(),
                Instant.class);
        return nullable(update, "last_used_at", c.lastUsedAt(), Instant.class).then()
                .onErrorMap(DataIntegrityViolationException.class, e -> IntegrationService.oneInService(c));
    }

    Mono<IntegrationConnection> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The connection, its row locked for the rest of the transaction. */
    Mono<IntegrationConnection> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<IntegrationConnection> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM integration_connections WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(this::toConnection)
                .one();
    }

    /** The connection with its sealed credentials, its row locked for the rest of the transaction. */
    Mono<Stored> findStoredForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                , credentials_sealed
                 FROM integration_connections WHERE account_id = :account_id AND id = :id FOR UPDATE
                """)
                .bind("id", id)
                .map(row -> new Stored(toConnection(row), row.get("credentials_sealed", byte[].class)))
                .one();
    }

    /** The id of another connection of the kind (and channel) in service; empty when there is none. */
    Mono<UUID> otherInService(UUID accountId, IntegrationConnection c) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, """
                SELECT id FROM integration_connections
                 WHERE account_id = :account_id AND kind = :kind AND channel IS NOT DISTINCT FROM :channel
                   AND status <> 'disabled' AND id <> :id
                """)
                .bind("kind", c.kind())
                .bind("id", c.id());
        return nullable(select, "channel", c.channel(), String.class).map(row -> row.get("id", UUID.class)).one();
    }

    /** A connection with its sealed credentials, as the internal read needs it. */
    record Stored(IntegrationConnection connection, byte[] sealed) {

        @Override
        public String toString() {
            return "Stored[connection=" + connection.id() + "]";
        }
    }

    /**
     * The connection in service of the kind (and channel) that serves the site ({@code siteId} null: whatever
     * sites it serves), with its sealed credentials: for the internal read only.
     */
    Mono<Stored> inServiceFor(UUID accountId, String kind, String channel, UUID siteId) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                , credentials_sealed
                 FROM integration_connections
                 WHERE account_id = :account_id AND kind = :kind AND channel IS NOT DISTINCT FROM :channel
                   AND status <> 'disabled'
                   AND (CAST(:site_id AS uuid) IS NULL OR cardinality(site_ids) = 0 OR :site_id = ANY(site_ids))
                """)
                .bind("kind", kind);
        select = nullable(select, "channel", channel, String.class);
        return nullable(select, "site_id", siteId, UUID.class)
                .map(row -> new Stored(toConnection(row), row.get("credentials_sealed", byte[].class)))
                .one();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM integration_connections WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    /**
     * Newest first. A site-restricted caller sees the connections for every site and those serving only sites of
     * its own, never one that names another site.
     */
    Mono<Envelopes.ListOf<IntegrationConnection>> list(Caller caller, Filters f, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM integration_connections", caller.accountId())
                .where("kind = :kind", "kind", f.kind())
                .where("provider = :provider", "provider", f.provider())
                .where("status = :status", "status", f.status());
        if (caller.isSiteRestricted()) {
            query.where("(cardinality(site_ids) = 0 OR site_ids <@ :caller_sites)", "caller_sites",
                    caller.siteIds().toArray(UUID[]::new));
        }
        return query.page(db, page, this::toConnection);
    }

    private IntegrationConnection toConnection(Readable row) {
        String message = row.get("last_error_message", String.class);
        String[] keys = row.get("credential_keys", String[].class);
        UUID[] sites = row.get("site_ids", UUID[].class);
        return new IntegrationConnection(row.get("id", UUID.class), IntegrationConnection.OBJECT,
                row.get("kind", String.class), row.get("provider", String.class), row.get("channel", String.class),
                row.get("name", String.class), json.readValue(row.get("settings", String.class), SETTINGS),
                keys != null && keys.length > 0, keys == null ? List.of() : List.of(keys),
                sites == null ? List.of() : List.of(sites), row.get("status", String.class),
                message == null ? null
                        : new IntegrationConnection.LastError(message, row.get("last_error_at", Instant.class)),
                row.get("last_used_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
