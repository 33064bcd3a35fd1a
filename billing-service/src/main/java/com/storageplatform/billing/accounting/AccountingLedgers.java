package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Which {@link AccountingLedger} an account's pushes go to: the simulator for a test account; for a live account,
 * the adapter of the provider of its accounting connection in service, read from crm for that account outside any
 * request (ADR 0029). Empty when a live account has no such connection (crm's 404): its rows are skipped. A provider
 * billing has no adapter for answers a ledger that refuses, so the operator sees why in {@code accounting.failed}.
 */
class AccountingLedgers {

    static final String CONNECTION_PATH = "/internal/v1/integration-connections?kind=accounting";

    private static final Logger log = LoggerFactory.getLogger(AccountingLedgers.class);

    private final AccountingLedger simulator = new SimulatedLedger();
    private final ServiceClients clients;
    private final Map<String, BiFunction<Connection, CredentialKeeper, AccountingLedger>> adapters;

    /**
     * @param adapters each provider billing pushes to live, by crm's provider name, and how to open it on the
     *                 connection and where to store the credentials the provider rotates
     */
    AccountingLedgers(ServiceClients clients,
            Map<String, BiFunction<Connection, CredentialKeeper, AccountingLedger>> adapters) {
        this.clients = clients;
        this.adapters = Map.copyOf(adapters);
    }

    Mono<AccountingLedger> of(Caller account) {
        if (account.environment() == Environment.TEST) {
            return Mono.just(simulator);
        }
        return clients.of("crm").get(CONNECTION_PATH)
                .forAccount(account)
                .data(Connection.class)
                .map(connection -> adapterOf(connection, credentials -> replaceCredentials(account,
                        connection.id(), credentials)))
                .onErrorResume(ApiException.class, e -> e.code() == ErrorCode.NOT_FOUND ? Mono.empty()
                        : Mono.error(e));
    }

    /**
     * Tells crm how a push with the account's connection went (docs/api/integrations.md): {@code used} when the
     * system booked it, {@code error} with the system's words when it refused it, so the connection's
     * {@code last_used_at}, {@code last_error} and status follow. An outage says nothing about the connection. A
     * report that cannot be sent is logged and dropped: the push's own outcome stands.
     */
    Mono<Void> report(Caller account, String connectionId, Pushed pushed) {
        ConnectionReport report = pushed instanceof Pushed.Synced ? new ConnectionReport("used", null)
                : pushed instanceof Pushed.Refused refused ? new ConnectionReport("error", refused.reason()) : null;
        if (connectionId == null || report == null) {
            return Mono.empty();
        }
        return clients.of("crm").post("/internal/v1/integration-connections/{id}/report", connectionId)
                .forAccount(account)
                .purpose("accounting-report")
                .body(report)
                .retrieve(JsonNode.class)
                .then()
                .onErrorResume(failure -> {
                    return TraceLogs.log(() -> log.warn(
                            "The use of accounting connection {} of account {} could not be reported to crm: {}",
                            connectionId, account.accountId(), failure.getMessage()));
                });
    }

    /** The body of crm's report route; a message is the system's words, never a credential. */
    record ConnectionReport(String outcome, String message) {
    }

    /**
     * Stores credentials the provider rotated on the account's connection in crm
     * ({@code PUT /internal/v1/integration-connections/{id}/credentials}, an account call sent once). Unlike a report,
     * a failure is not dropped: it fails the push that needed it (the adapter says how), so a rotated token is never
     * lost without the row saying so.
     */
    Mono<Void> replaceCredentials(Caller account, String connectionId, Map<String, String> credentials) {
        return clients.of("crm").put("/internal/v1/integration-connections/{id}/credentials", connectionId)
                .forAccount(account)
                .purpose("accounting-credentials")
                .body(new CredentialReplacement(credentials))
                .retrieve(JsonNode.class)
                .then();
    }

    /** The body of crm's credentials route: the values by name, never printed. */
    record CredentialReplacement(Map<String, String> credentials) {

        @Override
        public String toString() {
            return "CredentialReplacement[credentials=" + new TreeSet<>(credentials.keySet()) + "]";
        }
    }

    private AccountingLedger adapterOf(Connection connection, CredentialKeeper keeper) {
        BiFunction<Connection, CredentialKeeper, AccountingLedger> open = adapters.get(connection.provider());
        return open != null ? open.apply(connection, keeper)
                : new Unsupported(connection.provider(), adapters.keySet());
    }

    /** A provider crm connects but billing has no adapter for: every push is refused, saying so. */
    private record Unsupported(String provider, Set<String> supported) implements AccountingLedger {

        @Override
        public Mono<Pushed> push(LedgerEntry entry) {
            return Mono.just(new Pushed.Refused(provider, "Billing pushes to " + String.join(", ",
                    new TreeSet<>(supported)) + " only; this account's accounting connection is " + provider
                    + "."));
        }
    }
}
