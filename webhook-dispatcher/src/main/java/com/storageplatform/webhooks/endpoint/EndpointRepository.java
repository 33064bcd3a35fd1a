package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.caller.Environment;
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

/** The {@code webhook_endpoints} table; every query names the account. */
@Repository
public class EndpointRepository {

    private final DatabaseClient db;

    EndpointRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(StoredEndpoint endpoint) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, description,
                    enabled_events, api_version, status, created_at, updated_at)
                VALUES (:id, :account, :operator, :environment, :url, :description, :events, :version, :status,
                    :created, :updated)
                """)
                .bind("id", endpoint.id())
                .bind("account", endpoint.accountId())
                .bind("operator", endpoint.operatorId())
                .bind("environment", endpoint.environment().value())
                .bind("url", endpoint.url())
                .bind("events", endpoint.enabledEvents().toArray(String[]::new))
                .bind("version", endpoint.apiVersion())
                .bind("status", endpoint.status())
                .bind("created", endpoint.createdAt())
                .bind("updated", endpoint.updatedAt());
        spec = endpoint.description() == null ? spec.bindNull("description", String.class)
                : spec.bind("description", endpoint.description());
        return spec.then();
    }

    public Mono<StoredEndpoint> find(UUID accountId, UUID id) {
        return db.sql("SELECT * FROM webhook_endpoints WHERE account_id = :account AND id = :id")
                .bind("account", accountId).bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    /** The endpoint, locked for this transaction (updates, deliveries' outcomes). */
    public Mono<StoredEndpoint> lock(UUID accountId, UUID id) {
        return db.sql("SELECT * FROM webhook_endpoints WHERE account_id = :account AND id = :id FOR UPDATE")
                .bind("account", accountId).bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    Mono<Envelopes.ListOf<WebhookEndpoint>> list(UUID accountId, String status, PageRequest page) {
        return ListQuery.from("SELECT * FROM webhook_endpoints", accountId)
                .where("status = :status", "status", status)
                .page(db, page, row -> toEndpoint(row).view());
    }

    /** The account's endpoints that receive an event of {@code type} (disabled ones never do; paused ones queue). */
    /** The endpoints of these accounts that can receive events: every one but the disabled. */
    public Flux<StoredEndpoint> receivingFor(Collection<UUID> accountIds) {
        return db.sql("SELECT * FROM webhook_endpoints WHERE account_id = ANY(:accounts) AND status <> 'disabled'")
                .bind("accounts", accountIds.toArray(UUID[]::new))
                .map(EndpointRepository::toEndpoint).all();
    }

    Mono<Void> update(StoredEndpoint endpoint) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                UPDATE webhook_endpoints SET url = :url, description = :description, enabled_events = :events,
                    api_version = :version, status = :status, consecutive_failures = :failures,
                    disabled_at = :disabled_at, updated_at = :updated
                WHERE account_id = :account AND id = :id
                """)
                .bind("account", endpoint.accountId())
                .bind("id", endpoint.id())
                .bind("url", endpoint.url())
                .bind("events", endpoint.enabledEvents().toArray(String[]::new))
                .bind("version", endpoint.apiVersion())
                .bind("status", endpoint.status())
                .bind("failures", endpoint.consecutiveFailures())
                .bind("updated", endpoint.updatedAt());
        spec = endpoint.description() == null ? spec.bindNull("description", String.class)
                : spec.bind("description", endpoint.description());
        spec = endpoint.disabledAt() == null ? spec.bindNull("disabled_at", Instant.class)
                : spec.bind("disabled_at", endpoint.disabledAt());
        return spec.then();
    }

    Mono<Long> delete(UUID accountId, UUID id) {
        return db.sql("DELETE FROM webhook_endpoints WHERE account_id = :account AND id = :id")
                .bind("account", accountId).bind("id", id)
                .fetch().rowsUpdated();
    }

    /** After a failed delivery: the streak grows; returns the endpoint as it now is. */
    public Mono<StoredEndpoint> recordFailure(UUID id) {
        return db.sql("UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = :id RETURNING *")
                .bind("id", id)
                .map(EndpointRepository::toEndpoint).one();
    }

    public Mono<Void> disable(UUID id, Instant at) {
        return db.sql("UPDATE webhook_endpoints SET status = 'disabled', disabled_at = :at, updated_at = :at WHERE id = :id")
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
