package com.storageplatform.kit.db;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import java.util.UUID;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A connection on loan whose account setting ({@link RowSecurity#ACCOUNT_SETTING}) still has to be written, because
 * it last served another account or none is known (ADR 0036). The first thing done on it writes the setting:
 * <ul>
 *   <li>a transaction's {@code BEGIN} carries it in the same round trip, as one simple query ({@code BEGIN READ
 *       WRITE; SELECT set_config(...)}), so the setting is part of the transaction;</li>
 *   <li>anything else is preceded by the {@code set_config} statement alone, as {@link AccountConnections} always
 *       did.</li>
 * </ul>
 * A setting written inside a transaction is undone by PostgreSQL if the transaction rolls back, so it is remembered
 * for the physical connection ({@code remember}) only once its transaction has committed; after a rollback, to a
 * savepoint or whole, it is written again before the next statement on this loan. Until it is remembered, the next
 * loan of the connection writes it again: a round trip too many at worst, never a statement under another account.
 *
 * <p>It deliberately does not expose the connection underneath ({@code Wrapped}): nothing may reach the database
 * past it.
 */
final class UntoldConnection extends ForwardingConnection {

    /** The driver's option for {@code DEFERRABLE}: a transaction that asks for it begins the driver's way. */
    private static final Option<Boolean> DEFERRABLE = Option.valueOf("deferrable");

    private final String account;
    private final Runnable remember;
    /** The setting was written on this loan, and still holds. */
    private volatile boolean told;
    /** It was written inside the open transaction: it lasts only if that commits. */
    private volatile boolean toldInTransaction;

    /**
     * @param account  the account's id ({@code UUID.toString()}), or empty for work that serves none
     * @param remember notes the setting as the physical connection's once it lasts
     */
    UntoldConnection(Connection delegate, String account, Runnable remember) {
        super(delegate);
        this.account = onlyAnId(account);
        this.remember = remember;
    }

    /** The account is written into SQL text ({@link #beginTelling}): only an id may be. */
    private static String onlyAnId(String account) {
        return account.isEmpty() ? account : UUID.fromString(account).toString();
    }

    /** Writes the setting alone, unless it holds already by the time this runs. */
    private Mono<Void> tell() {
        return Mono.defer(() -> {
            if (told) {
                return Mono.empty();
            }
            boolean inTransaction = !delegate.isAutoCommit();
            return Flux.from(delegate.createStatement(AccountConnections.SET_ACCOUNT).bind("$1", account).execute())
                    .concatMap(result -> result.map((row, metadata) -> account))
                    .then(Mono.fromRunnable(() -> told(inTransaction)));
        });
    }

    private void told(boolean inTransaction) {
        told = true;
        toldInTransaction = inTransaction;
        if (!inTransaction) {
            remember.run();
        }
    }

    @Override
    public Publisher<Void> beginTransaction() {
        return Mono.defer(() -> told ? Mono.from(delegate.beginTransaction()) : beginTelling("BEGIN"));
    }

    /**
     * The platform's transactions ask for nothing but read-write: those begin and tell in one round trip; any other
     * is told first and begun by the driver.
     */
    @Override
    public Publisher<Void> beginTransaction(TransactionDefinition definition) {
        return Mono.defer(() -> begin(definition));
    }

    private Mono<Void> begin(TransactionDefinition definition) {
        if (told) {
            return Mono.from(delegate.beginTransaction(definition));
        }
        if (definition.getAttribute(TransactionDefinition.ISOLATION_LEVEL) != null
                || definition.getAttribute(TransactionDefinition.LOCK_WAIT_TIMEOUT) != null
                || definition.getAttribute(DEFERRABLE) != null) {
            return tell().then(Mono.from(delegate.beginTransaction(definition)));
        }
        Boolean readOnly = definition.getAttribute(TransactionDefinition.READ_ONLY);
        return beginTelling(readOnly == null ? "BEGIN" : readOnly ? "BEGIN READ ONLY" : "BEGIN READ WRITE");
    }

    /**
     * One simple query, one round trip. Should the setting fail, the transaction has begun and is aborted: it is
     * rolled back before the failure goes on, so the connection goes back to the pool idle.
     */
    private Mono<Void> beginTelling(String begin) {
        String sql = begin + "; SELECT set_config('" + RowSecurity.ACCOUNT_SETTING + "', '" + account + "', false)";
        return Flux.from(delegate.createStatement(sql).execute())
                .concatMap(result -> result.map((row, metadata) -> account))
                .then(Mono.fromRunnable(() -> told(true)))
                .onErrorResume(failed -> Mono.from(delegate.rollbackTransaction()).onErrorResume(ignored -> Mono.empty())
                        .then(Mono.error(failed)))
                .then();
    }

    @Override
    public Publisher<Void> commitTransaction() {
        return Mono.from(delegate.commitTransaction()).then(Mono.fromRunnable(() -> {
            if (told && toldInTransaction) {
                toldInTransaction = false;
                remember.run();
            }
        })).doOnError(failed -> forgetIfInTransaction()).then();
    }

    @Override
    public Publisher<Void> rollbackTransaction() {
        return Mono.from(delegate.rollbackTransaction()).doFinally(signal -> forgetIfInTransaction());
    }

    @Override
    public Publisher<Void> rollbackTransactionToSavepoint(String name) {
        return Mono.from(delegate.rollbackTransactionToSavepoint(name)).doFinally(signal -> forgetIfInTransaction());
    }

    /** PostgreSQL undid (or may have undone) a setting written in the transaction: write it again before use. */
    private void forgetIfInTransaction() {
        if (toldInTransaction) {
            told = false;
            toldInTransaction = false;
        }
    }

    @Override
    public Statement createStatement(String sql) {
        return new TellingStatement(delegate.createStatement(sql));
    }

    @Override
    public Batch createBatch() {
        Batch batch = delegate.createBatch();
        return new Batch() {
            @Override
            public Batch add(String sql) {
                batch.add(sql);
                return this;
            }

            @Override
            public Publisher<? extends Result> execute() {
                return tell().thenMany(Flux.from(batch.execute()));
            }
        };
    }

    /** A statement that writes the account setting before it runs, if it does not hold by then. */
    private final class TellingStatement extends ForwardingStatement {

        TellingStatement(Statement statement) {
            super(statement);
        }

        @Override
        public Publisher<? extends Result> execute() {
            return tell().thenMany(Flux.from(delegate.execute()));
        }
    }

    @Override
    public Publisher<Void> createSavepoint(String name) {
        return tell().then(Mono.from(delegate.createSavepoint(name)));
    }
}
