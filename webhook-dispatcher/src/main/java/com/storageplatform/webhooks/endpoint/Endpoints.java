package com.storageplatform.webhooks.endpoint;

import java.time.Instant;
import java.util.Collection;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the other features of the dispatcher (deliveries) may know and change of an account's webhook endpoints.
 * They go through here, never the {@code webhook_endpoints} and {@code webhook_secrets} tables
 * (ModuleBoundariesTest); the delivery queue's claim, one statement, takes its SQL from the methods below.
 */
@Component
public class Endpoints {

    private final EndpointRepository endpoints;

    Endpoints(EndpointRepository endpoints) {
        this.endpoints = endpoints;
    }

    public Mono<StoredEndpoint> find(UUID accountId, UUID id) {
        return endpoints.find(accountId, id);
    }

    /** The endpoints of these accounts that can receive events: every one but the disabled. */
    public Flux<StoredEndpoint> receivingFor(Collection<UUID> accountIds) {
        return endpoints.receivingFor(accountIds);
    }

    /** After a failed delivery: the streak grows; returns the endpoint as it now is. */
    public Mono<StoredEndpoint> recordFailure(UUID accountId, UUID id) {
        return endpoints.recordFailure(accountId, id);
    }

    public Mono<Void> disable(UUID accountId, UUID id, Instant at) {
        return endpoints.disable(accountId, id, at);
    }

    /**
     * SQL: the endpoint {@code endpointIdColumn} names is active, found by its id alone: for the delivery claim, which
     * walks the endpoints of every account and knows no account until it reads a delivery.
     */
    public static String isActive(String endpointIdColumn) {
        return "EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = " + endpointIdColumn
                + " AND e.status = 'active')";
    }

    /** SQL: the endpoint {@code endpointIdColumn} names in the account {@code accountIdColumn} names is active. */
    public static String isActive(String accountIdColumn, String endpointIdColumn) {
        return "EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = " + accountIdColumn
                + " AND e.id = " + endpointIdColumn + " AND e.status = 'active')";
    }

    /**
     * SQL: a join ({@code alias}) giving the endpoint {@code endpointIdColumn} names, in the account
     * {@code accountIdColumn} names, as a delivery needs it:
     * {@code url}, {@code endpoint_version}, {@code environment}, and {@code secrets}, its signing secrets still valid
     * at {@code :now} (sealed, hex, newest first, comma-separated).
     */
    public static String deliveryTarget(String accountIdColumn, String endpointIdColumn, String alias) {
        return "JOIN LATERAL (SELECT e.url, e.api_version AS endpoint_version, e.environment,"
                + " (SELECT string_agg(encode(s.secret_sealed, 'hex'), ',' ORDER BY s.created_at DESC)"
                + " FROM webhook_secrets s WHERE s.endpoint_id = e.id"
                + " AND (s.expires_at IS NULL OR s.expires_at > :now)) AS secrets"
                + " FROM webhook_endpoints e WHERE e.account_id = " + accountIdColumn
                + " AND e.id = " + endpointIdColumn + ") " + alias + " ON TRUE";
    }

    /**
     * SQL: a statement that ends the failure streak, at {@code :at}, of the endpoints {@code accountEndpointIds} (a
     * subquery of two columns, account id then endpoint id) selects. Their rows are touched only when a streak must
     * end or the last success is older than {@code :stale}, so busy endpoints' successes do not queue on those rows'
     * locks.
     */
    public static String recordSuccesses(String accountEndpointIds) {
        return "UPDATE webhook_endpoints e SET consecutive_failures = 0, last_success_at = :at"
                + " WHERE (e.account_id, e.id) IN (" + accountEndpointIds + ")"
                + " AND (e.consecutive_failures > 0 OR e.last_success_at IS NULL OR e.last_success_at < :stale)";
    }
}
