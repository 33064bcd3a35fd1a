package com.storageplatform.kit.db;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Wrapped;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The service's connections, each told on acquisition whose request it serves: {@link RowSecurity#ACCOUNT_SETTING}
 * is set to the current caller's account, or emptied when there is none (the relay, the inbox, jobs, the platform
 * admin), so the row-level security policies see only that account's rows.
 *
 * <p>The setting is for the session, not the transaction, and is written on every acquisition: a pooled connection
 * never carries the previous request's account into the next one. A transaction acquires its connection once, before
 * {@code BEGIN}, so the whole transaction runs as the caller's account.
 */
public final class AccountConnections implements ConnectionFactory, Wrapped<ConnectionFactory> {

    static final String SET_ACCOUNT = "SELECT set_config('" + RowSecurity.ACCOUNT_SETTING + "', $1, false)";

    private final ConnectionFactory pool;

    public AccountConnections(ConnectionFactory pool) {
        this.pool = pool;
    }

    @Override
    public Mono<Connection> create() {
        return Callers.current()
                .mapNotNull(Caller::accountId)
                .map(UUID::toString)
                .defaultIfEmpty("")
                .flatMap(account -> Mono.from(pool.create()).flatMap(connection -> forAccount(connection, account)));
    }

    private static Mono<Connection> forAccount(Connection connection, String account) {
        return Flux.from(connection.createStatement(SET_ACCOUNT).bind("$1", account).execute())
                .flatMap(result -> result.map((row, metadata) -> account))
                .then(Mono.just(connection))
                .onErrorResume(failed -> Mono.from(connection.close()).then(Mono.error(failed)));
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return pool.getMetadata();
    }

    @Override
    public ConnectionFactory unwrap() {
        return pool;
    }
}
