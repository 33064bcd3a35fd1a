package com.storageplatform.kit.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Wrapped;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * When the account setting is written (ADR 0036), on a pool of one real connection, with every statement text the
 * kit hands the driver noted: a transaction's {@code BEGIN} carries it in the same round trip, a setting a rollback
 * undid is written again, and one that lasted is not.
 */
@PlatformTest
class UntoldConnectionTest {

    @Autowired
    DatabaseClient appDb;

    private final Queue<String> sent = new ConcurrentLinkedQueue<>();
    private ConnectionPool pool;
    private DatabaseClient db;
    private TransactionalOperator tx;
    private final UUID mine = UUID.randomUUID();
    private final UUID theirs = UUID.randomUUID();

    @BeforeEach
    void oneConnection() {
        Object factory = appDb.getConnectionFactory();
        while (!(factory instanceof ConnectionPool) && factory instanceof Wrapped<?> wrapped) {
            factory = wrapped.unwrap();
        }
        ConnectionFactory driver = ((ConnectionPool) factory).unwrap();
        pool = new ConnectionPool(ConnectionPoolConfiguration.builder(driver).initialSize(1).maxSize(1).build());
        AccountConnections connections = new AccountConnections(noting(pool));
        db = DatabaseClient.create(connections);
        tx = TransactionalOperator.create(new R2dbcTransactionManager(connections));
    }

    @AfterEach
    void close() {
        pool.dispose();
    }

    /** The pool's connections, each noting the text of every statement created on it. */
    private ConnectionFactory noting(ConnectionFactory pool) {
        return new ConnectionFactory() {
            @Override
            public Publisher<? extends Connection> create() {
                return Mono.from(pool.create()).map(this::noting);
            }

            private Connection noting(Connection connection) {
                return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {Connection.class, Wrapped.class}, (proxy, method, args) -> {
                            if (method.getName().equals("unwrap")) {
                                return connection;
                            }
                            if (method.getName().equals("createStatement")) {
                                sent.add((String) args[0]);
                            }
                            try {
                                return method.invoke(connection, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
            }

            @Override
            public ConnectionFactoryMetadata getMetadata() {
                return pool.getMetadata();
            }
        };
    }

    private Mono<String> setting() {
        return db.sql("SELECT current_setting('" + RowSecurity.ACCOUNT_SETTING + "', true)").mapValue(String.class)
                .one();
    }

    private static <T> Mono<T> as(UUID account, Mono<T> work) {
        return work.contextWrite(AccountConnections.forAccount(account));
    }

    private List<String> sentAndForget() {
        List<String> texts = List.copyOf(sent);
        sent.clear();
        return texts;
    }

    @Test
    void aTransactionsBeginCarriesTheAccountInTheSameRoundTrip() {
        assertThat(as(mine, tx.transactional(setting())).block()).isEqualTo(mine.toString());

        assertThat(sentAndForget()).containsExactly("BEGIN READ WRITE; SELECT set_config('"
                + RowSecurity.ACCOUNT_SETTING + "', '" + mine + "', false)",
                "SELECT current_setting('" + RowSecurity.ACCOUNT_SETTING + "', true)");
    }

    @Test
    void aSettingACommittedTransactionWroteIsNotWrittenAgain() {
        as(mine, tx.transactional(setting())).block();
        sentAndForget();

        assertThat(as(mine, tx.transactional(setting())).block()).isEqualTo(mine.toString());
        assertThat(as(mine, setting()).block()).isEqualTo(mine.toString());
        assertThat(sentAndForget()).as("no setting, and a plain BEGIN, which the driver sends itself")
                .containsOnly("SELECT current_setting('" + RowSecurity.ACCOUNT_SETTING + "', true)");
    }

    @Test
    void aSettingARolledBackTransactionWroteIsWrittenAgainBeforeTheNextStatement() {
        as(mine, setting()).block();
        Mono<String> failing = tx.transactional(setting().then(Mono.error(new IllegalStateException("rolled back"))));
        as(theirs, failing).onErrorResume(IllegalStateException.class, e -> Mono.empty()).block();
        sentAndForget();

        // PostgreSQL undid the setting with the transaction: the connection serves the previous account again.
        assertThat(as(theirs, setting()).block()).isEqualTo(theirs.toString());
        assertThat(sentAndForget()).contains(AccountConnections.SET_ACCOUNT);
        assertThat(as(mine, setting()).block()).isEqualTo(mine.toString());
    }

    @Test
    void aSettingWrittenAloneOutsideATransactionLastsAndIsNotWrittenAgain() {
        assertThat(as(mine, setting()).block()).isEqualTo(mine.toString());
        assertThat(sentAndForget()).contains(AccountConnections.SET_ACCOUNT);

        assertThat(as(mine, setting()).block()).isEqualTo(mine.toString());
        assertThat(as(mine, tx.transactional(setting())).block()).isEqualTo(mine.toString());
        assertThat(sentAndForget()).doesNotContain(AccountConnections.SET_ACCOUNT)
                .noneMatch(text -> text.startsWith("BEGIN"));
    }

    @Test
    void workForNoAccountEmptiesTheSettingInItsBegin() {
        as(mine, setting()).block();
        sentAndForget();

        assertThat(tx.transactional(setting()).block()).isEmpty();
        assertThat(sentAndForget()).first().isEqualTo("BEGIN READ WRITE; SELECT set_config('"
                + RowSecurity.ACCOUNT_SETTING + "', '', false)");
    }
}
