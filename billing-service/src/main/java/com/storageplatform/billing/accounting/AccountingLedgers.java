package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Which {@link AccountingLedger} an account's pushes go to: the simulator for a test account; for a live account,
 * the adapter of the provider of its accounting connection in service, read from crm for that account outside any
 * request (ADR 0029). Empty when a live account has no such connection (crm's 404): its rows are skipped. A provider
 * billing has no adapter for answers a ledger that refuses, so the operator sees why in {@code accounting.failed}.
 */
class AccountingLedgers {

    static final String CONNECTION_PATH = "/internal/v1/integration-connections?kind=accounting";

    private final AccountingLedger simulator = new SimulatedLedger();
    private final ServiceClients clients;
    private final Map<String, Function<Connection, AccountingLedger>> adapters;

    /** @param adapters each provider billing pushes to live, by crm's provider name, and how to open it */
    AccountingLedgers(ServiceClients clients, Map<String, Function<Connection, AccountingLedger>> adapters) {
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
                .map(this::adapterOf)
                .onErrorResume(ApiException.class, e -> e.code() == ErrorCode.NOT_FOUND ? Mono.empty()
                        : Mono.error(e));
    }

    private AccountingLedger adapterOf(Connection connection) {
        Function<Connection, AccountingLedger> open = adapters.get(connection.provider());
        return open != null ? open.apply(connection) : new Unsupported(connection.provider(), adapters.keySet());
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
