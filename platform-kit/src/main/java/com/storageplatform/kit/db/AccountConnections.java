package com.storageplatform.kit.db;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Wrapped;
import java.util.Collections;
import java.util.Map;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The service's connections, each told on acquisition whose request it serves: {@link RowSecurity#ACCOUNT_SETTING}
 * is set to the account in the Reactor context ({@link #forAccount}, put there for every request by
 * {@link CallerAccountFilter}), or emptied when there is none (the relay, the inbox, jobs, the platform admin), so
 * the row-level security policies see only that account's rows.
 *
 * <p>The account is read from the context, never from the security context itself: loading that may query the
 * database (auth-service's sign-in sessions), and a connection that waited on it would wait on itself.
 *
 * <p>The setting is for the session, not the transaction, and is checked on every acquisition: a pooled connection
 * never carries the previous request's account into the next one. It is written only when it changes (the last value
 * of each physical connection is remembered), so a connection serving one account after another writes it and one
 * serving the same account again does not. It is written with the first thing done on the connection
 * ({@link UntoldConnection}, ADR 0036): a transaction's {@code BEGIN} carries it in the same round trip, so the whole
 * transaction runs as the caller's account and it lasts once the transaction commits; anything else is preceded by
 * the {@code set_config} statement.
 *
 * <p>What is remembered holds only while one user at a time has the connection: {@link Handover} keeps a cancel that
 * comes after the connection was handed over from the pool, which would take it back in use (and the next user's
 * setting would be rolled back with the first user's transaction).
 */
public final class AccountConnections implements ConnectionFactory, Wrapped<ConnectionFactory> {

    private static final String ACCOUNT = AccountConnections.class.getName() + ".account";
    static final String SET_ACCOUNT = "SELECT set_config('" + RowSecurity.ACCOUNT_SETTING + "', $1, false)";

    private final ConnectionFactory pool;
    /** The account each physical connection was last told; weak, so a connection the pool drops is forgotten. */
    private final Map<Connection, String> told = Collections.synchronizedMap(new WeakHashMap<>());

    public AccountConnections(ConnectionFactory pool) {
        this.pool = pool;
    }

    /** For {@code contextWrite}: the work's connections serve {@code accountId}. */
    public static Function<Context, Context> forAccount(UUID accountId) {
        return context -> context.put(ACCOUNT, accountId.toString());
    }

    @Override
    public Mono<Connection> create() {
        return Mono.deferContextual(context -> {
            String account = context.getOrDefault(ACCOUNT, "");
            return Handover.cancellableUntilHandedOver(
                    Mono.from(pool.create()).flatMap(connection -> told(connection, account)));
        });
    }

    /**
     * The connection as it is, when its physical connection was last told this account; otherwise one that tells it
     * with the first thing done on it ({@link UntoldConnection}), and remembers it once that lasts.
     */
    private Mono<Connection> told(Connection connection, String account) {
        Connection physical = physical(connection);
        if (account.equals(told.get(physical))) {
            return Mono.just(connection);
        }
        told.remove(physical); // unknown until a write of it lasts
        return Mono.just(new UntoldConnection(connection, account, () -> told.put(physical, account)));
    }

    /** The driver's connection under the pool's per-acquisition wrapper. */
    private static Connection physical(Connection connection) {
        Connection inner = connection;
        while (inner instanceof Wrapped<?> wrapped && wrapped.unwrap() instanceof Connection unwrapped) {
            inner = unwrapped;
        }
        return inner;
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
