package com.storageplatform.webhooks.endpoint;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code webhook_endpoints} table; every statement binds the account. Other features go through
 * {@link Endpoints}.
 */
@Repository
class EndpointRepository {

    private final DatabaseClient db;

    EndpointRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(StoredEndpoint endpoint) {
        DatabaseClient.GenericExecuteSpec spec = AccountStatement.sql(db, endpoint.accountId(), """
                INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, description,
                    enabled_events, api_version, status, created_at, updated_at)
                VALUES (:id, :account_id, :operator, :environment, :url, :description, :events, :version, :status,
                    :created, :updated)
                """)
                .bind("id", endpoint.id())
                .bind("operator", endpoint.operatorId())
                .bind("environment", endpoint.environment().value())
                .bind("url", endpoint.url())
                .bind("events", endpoint.enabledEvents().toArray(String[]::new))
                .bind("version", endpoint.apiVersion())
                .bind("status", endpoint.status())
                .bind("created", endpoint.createdAt())
                .bind("updated", endpoint.updatedAt());
        return nullable(spec, "description", endpoint.description(), String.class).then();
    }

    Mono<StoredEndpoint> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT * FROM webhook_endpoints WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    /** The endpoint, locked for this transaction (updates, deliveries' outcomes). */
    Mono<StoredEndpoint> lock(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT * FROM webhook_endpoints WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    Mono<Envelopes.ListOf<WebhookEndpoint>> list(UUID accountId, String status, PageRequest page) {
        return ListQuery.from("SELECT * FROM webhook_endpoints", accountId)
                .where("status = :status", "status", status)
                .page(db, page, row -> toEndpoint(row).view());
    }

    /** The endpoints of these accounts that can receive events: every one but the disabled (paused ones queue). */
    Flux<StoredEndpoint> receivingFor(Collection<UUID> accountIds) {
        return db.sql("SELECT * FROM webhook_endpoints WHERE account_id = ANY(:accounts) AND status <> 'disabled'")
                .bind("accounts", accountIds.toArray(UUID[]::new))
                .map(EndpointRepository::toEndpoint).all();
    }

    Mono<Void> update(StoredEndpoint endpoint) {
        DatabaseClient.GenericExecuteSpec spec = AccountStatement.sql(db, endpoint.accountId(), """
                UPDATE webhook_endpoints SET url = :url, description = :description, enabled_events = :events,
                    api_version = :version, status = :status, consecutive_failures = :failures,
                    disabled_at = :disabled_at, updated_at = :updated
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", endpoint.id())
                .bind("url", endpoint.url())
                .bind("events", endpoint.enabledEvents().toArray(String[]::new))
                .bind("version", endpoint.apiVersion())
                .bind("status", endpoint.status())
                .bind("failures", endpoint.consecutiveFailures())
                .bind("updated", endpoint.updatedAt());
        spec = nullable(spec, "description", endpoint.description(), String.class);
        return nullable(spec, "disabled_at", endpoint.disabledAt(), Instant.class).then();
    }

    Mono<Long> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM webhook_endpoints WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .fetch().rowsUpdated();
    }

    /** After a failed delivery: the streak grows; returns the endpoint as it now is. */
    Mono<StoredEndpoint> recordFailure(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1
                WHERE account_id = :account_id AND id = :id RETURNING *
                """)
                .bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    Mono<Void> disable(UUID accountId, UUID id, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE webhook_endpoints SET status = 'disabled', disabled_at = :at, updated_at = :at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("at", at).then();
    }

    static StoredEndpoint toEndpoint(Readable row) {
        String[] events = row.get("enabled_events", String[].class);
        return new StoredEndpoint(row.get("id", UUID.class), row.get("account_id", UUID.class),
                row.get("operator_id", UUID.class), Environment.of(row.get("environment", String.class)),
                row.get("url", String.class), row.get("description", String.class),
                events == null ? List.of() : Arrays.asList(events), row.get("api_version", String.class),
                row.get("status", String.class), row.get("consecutive_failures", Integer.class),
                row.get("last_success_at", Instant.class), row.get("disabled_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
