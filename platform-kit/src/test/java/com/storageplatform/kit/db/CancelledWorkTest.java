package com.storageplatform.kit.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.storageplatform.kit.testsupport.PlatformTest;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Connections and transactions given to one owner at a time, however their users cancel ({@link Handover}): thousands
 * of reads and transactions for a handful of accounts, cancelled at random moments (waiting for a connection, while it
 * is told its account, while {@code BEGIN} is on the wire, mid-transaction) or failing, on the test's pool of six
 * connections. Each asks its connection which account it serves: a connection lent while another user's transaction
 * was still open answers with an account that user's rollback put back. At the end every connection is back in the
 * pool: none was abandoned with a transaction begun for a caller who had left.
 */
@PlatformTest
class CancelledWorkTest {

    private static final int WORK = 6_000;

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    private final List<String> accounts = IntStream.range(0, 4).mapToObj(i -> UUID.randomUUID().toString()).toList();
    private final Queue<String> mismatches = new ConcurrentLinkedQueue<>();

    /** Asks the connection which account it serves, and notes it when that is not {@code account}. */
    private Mono<Void> ask(String account) {
        return db.sql("SELECT current_setting('" + RowSecurity.ACCOUNT_SETTING + "', true)").mapValue(String.class)
                .one()
                .doOnNext(seen -> {
                    if (!account.equals(seen)) {
                        mismatches.add("wanted '" + account + "', the connection served '" + seen + "'");
                    }
                })
                .then();
    }

    private Mono<Void> anyWork() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String account = random.nextInt(5) == 0 ? "" : accounts.get(random.nextInt(accounts.size()));
        Duration soon = Duration.ofNanos(random.nextLong(12_000_000));
        Mono<Void> slow = db.sql("SELECT pg_sleep(0.005)").then();
        Mono<Void> work = switch (random.nextInt(6)) {
            case 0 -> ask(account);
            case 1 -> ask(account).then(slow).timeout(soon);
            case 2 -> tx.transactional(ask(account));
            case 3 -> tx.transactional(ask(account).then(slow)).timeout(soon);
            case 4 -> tx.transactional(ask(account).then(Mono.error(new IllegalStateException("rolled back"))));
            default -> tx.transactional(db.sql("SELECT 1 / 0").then());
        };
        Mono<Void> scoped = account.isEmpty() ? work
                : work.contextWrite(AccountConnections.forAccount(UUID.fromString(account)));
        return scoped.onErrorResume(failure -> Mono.empty());
    }

    @Test
    void aConnectionIsNeverLentWhileItsLastUsersTransactionIsOpenAndNoneIsLost() {
        // A few seconds; connections lost to the pool would leave the rest waiting for one, and time out here.
        Flux.range(0, WORK).flatMap(i -> anyWork(), 16).blockLast(Duration.ofSeconds(60));

        assertThat(mismatches).isEmpty();
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(poolMetrics().acquiredSize()).as("connections not given back").isZero());
    }

    @Test
    void aConnectionItsUserCancelsAfterTakingItStaysTheUsersUntilClosed() {
        AtomicReference<Connection> taken = new AtomicReference<>();
        Disposable user = Mono.from(db.getConnectionFactory().create())
                .flatMap(connection -> {
                    taken.set(connection);
                    return Mono.never();
                })
                .subscribe();
        await().atMost(Duration.ofSeconds(10)).until(() -> taken.get() != null);
        int lent = poolMetrics().acquiredSize();

        user.dispose();
        assertThat(poolMetrics().acquiredSize()).as("taken back while its user still has it").isEqualTo(lent);

        Mono.from(taken.get().close()).block(Duration.ofSeconds(10));
        assertThat(poolMetrics().acquiredSize()).isEqualTo(lent - 1);
    }

    private PoolMetrics poolMetrics() {
        Object factory = db.getConnectionFactory();
        while (!(factory instanceof ConnectionPool) && factory instanceof Wrapped<?> wrapped) {
            factory = wrapped.unwrap();
        }
        return ((ConnectionPool) factory).getMetrics().orElseThrow();
    }
}
