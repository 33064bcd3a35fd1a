package com.storageplatform.kit.request;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.sample.HeldRequests;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Every {@code /v1} request has a deadline (here 3 s): past it the request is answered 504 {@code gateway_timeout}, its
 * transaction rolled back and its idempotency key free; and cancelling the work in flight never leaves a pooled
 * connection stuck (the pool has six).
 */
@PlatformTest
@TestPropertySource(properties = "platform.request.deadline=3s")
class RequestDeadlineTest {

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    private final Caller caller = TestCallers.apiCaller("samples:write", "samples:read");

    private WebTestClient.ResponseSpec post(String path, String name, String key, Long deadlineMillis) {
        WebTestClient.RequestBodySpec request = client.post().uri(path)
                .header("Authorization", TestCallers.bearer(caller));
        if (key != null) {
            request = request.header(MutationFilter.KEY_HEADER, key);
        }
        if (deadlineMillis != null) {
            request = request.header(RequestDeadlineFilter.HEADER, Long.toString(deadlineMillis));
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"" + name + "\"}").exchange();
    }

    private WebTestClient.ResponseSpec get(String path, Long deadlineMillis) {
        WebTestClient.RequestHeadersSpec<?> request = client.get().uri(path)
                .header("Authorization", TestCallers.bearer(caller));
        if (deadlineMillis != null) {
            request = request.header(RequestDeadlineFilter.HEADER, Long.toString(deadlineMillis));
        }
        return request.exchange();
    }

    private long count(String sql, String name) {
        return db.sql(sql).bind("name", name).map(row -> row.get(0, Long.class)).one().defaultIfEmpty(0L).block();
    }

    private long samplesNamed(String name) {
        return count("SELECT count(*) FROM samples WHERE name = :name", name);
    }

    private long executions(String name) {
        return count("SELECT coalesce(sum(count), 0)::bigint FROM executions WHERE request_name = :name", name);
    }

    private long outboxRowsOfThisCaller() {
        return count("SELECT count(*) FROM outbox_events WHERE partition_key = :name", caller.accountId().toString());
    }

    /**
     * Sessions of the database stuck in a transaction of these tests' own statements, or still running the stuck
     * endpoint's statement. Other test classes' background work (outbox relays, jobs, inboxes) shares the database
     * and may sit in a transaction for a moment: their sessions, which never touch these tables, do not count.
     */
    private long busySessions() {
        return db.sql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND query ~ '(samples|executions|pg_sleep|generate_series)'
                  AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE '%pg_sleep(60)%'))
                """).map(row -> row.get(0, Long.class)).one().block();
    }

    private void awaitNoBusySessions() {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (busySessions() > 0) {
            assertThat(System.nanoTime()).as("a session is still busy 10 s after its request was answered")
                    .isLessThan(until);
            sleep(50);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void aMutationStillRunningAtItsDeadlineIs504AndLeavesNothingWritten() {
        HeldRequests.Hold hold = HeldRequests.hold("late-write");
        try {
            post("/v1/samples/held-after-write", "late-write", null, null)
                    .expectStatus().isEqualTo(504)
                    .expectHeader().contentType(MediaType.APPLICATION_JSON)
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("gateway_timeout")
                    .jsonPath("$.error.message").value(message -> assertThat((String) message).contains("3 s"));
        } finally {
            hold.release();
        }
        // The handler wrote a row, its outbox event and its execution before it waited: all rolled back.
        assertThat(samplesNamed("late-write")).isZero();
        assertThat(executions("held:late-write")).isZero();
        assertThat(outboxRowsOfThisCaller()).isZero();
    }

    @Test
    void aKeyedMutationPastItsDeadlineFreesItsKeySoTheRetryRuns() {
        String key = "deadline-" + UUID.randomUUID();
        HeldRequests.Hold hold = HeldRequests.hold("keyed-late");
        try {
            post("/v1/samples/held-after-write", "keyed-late", key, null).expectStatus().isEqualTo(504);
        } finally {
            hold.release();
        }
        // At once, with the same key: the first attempt's rollback (and lock) finished before it was answered.
        post("/v1/samples/held-after-write", "keyed-late", key, null)
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("held:keyed-late")).isEqualTo(1);
        assertThat(samplesNamed("keyed-late")).isEqualTo(1);
        post("/v1/samples/held-after-write", "keyed-late", key, null)
                .expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true");
    }

    @Test
    void aReadStillRunningAtItsDeadlineIs504() {
        HeldRequests.Hold hold = HeldRequests.hold("late-read");
        try {
            get("/v1/samples/held/late-read", null)
                    .expectStatus().isEqualTo(504)
                    .expectBody().jsonPath("$.error.code").isEqualTo("gateway_timeout");
        } finally {
            hold.release();
        }
    }

    @Test
    void aRequestOutsideThePublicApiHasNoDeadline() {
        HeldRequests.Hold hold = HeldRequests.hold("slow-page");
        java.util.concurrent.CompletableFuture<Void> release = java.util.concurrent.CompletableFuture.runAsync(() -> {
            hold.awaitEntered();
            sleep(4_000); // past the 3 s deadline a /v1 request would have
            hold.release();
        });
        get("/pages/held/slow-page", null).expectStatus().isOk();
        release.join();
    }

    @Test
    void aDeadlineInheritedFromACallingServiceIsKeptWhenItIsShorter() {
        HeldRequests.Hold hold = HeldRequests.hold("inherited-short");
        try {
            post("/v1/samples/held-after-write", "inherited-short", null, 500L)
                    .expectStatus().isEqualTo(504)
                    .expectBody().jsonPath("$.error.message")
                    .value(message -> assertThat((String) message).contains("500 ms"));
        } finally {
            hold.release();
        }
        assertThat(samplesNamed("inherited-short")).isZero();
    }

    @Test
    void aDeadlineInheritedFromACallingServiceNeverExtendsTheServicesOwn() {
        HeldRequests.Hold hold = HeldRequests.hold("inherited-long");
        try {
            get("/v1/samples/held/inherited-long", 600_000L)
                    .expectStatus().isEqualTo(504)
                    .expectBody().jsonPath("$.error.message")
                    .value(message -> assertThat((String) message).contains("3 s"));
        } finally {
            hold.release();
        }
    }

    @Test
    void aStatementStuckInTheDatabaseIsCancelledAndRolledBackAtTheDeadline() {
        post("/v1/samples/stuck", "stuck-write", null, 1000L)
                .expectStatus().isEqualTo(504)
                .expectBody().jsonPath("$.error.code").isEqualTo("gateway_timeout");
        // The database cancelled the minute-long statement itself: nothing of it is left running or half-done.
        awaitNoBusySessions();
        assertThat(samplesNamed("stuck-write")).isZero();
        assertThat(executions("stuck:stuck-write")).isZero();
        post("/v1/samples", "after-stuck", null, null).expectStatus().isCreated();
    }

    /**
     * Many times the pool's size: a mutation cancelled while waiting, a read cancelled part-way through a result
     * the database had already sent (more rows than the driver prefetches), a statement cancelled in the
     * database; each followed by ordinary requests on the same pool. A connection left stuck by a cancelled
     * conversation would hang one of them, and the pool (six) would run dry well before the end.
     */
    @Test
    void cancelledRequestsNeverLeaveAPooledConnectionStuck() {
        for (int i = 0; i < 15; i++) {
            HeldRequests.Hold hold = HeldRequests.hold("loop-held-" + i);
            try {
                post("/v1/samples/held-after-write", "loop-held-" + i, null, 200L).expectStatus().isEqualTo(504);
            } finally {
                hold.release();
            }
            get("/v1/samples/stream?rows=5000", 200L).expectStatus().isEqualTo(504);
            post("/v1/samples/stuck", "loop-stuck-" + i, null, 200L).expectStatus().isEqualTo(504);
            post("/v1/samples", "loop-ok-" + i, null, null).expectStatus().isCreated();
            get("/v1/samples?limit=5", null).expectStatus().isOk();
            get("/v1/samples/stream?rows=300", null).expectStatus().isOk()
                    .expectBody().jsonPath("$.data.rows").isEqualTo(300);
        }
        awaitNoBusySessions();
        // Six requests at once: each needs its own connection, so every pooled connection must be healthy.
        List<Mono<Void>> concurrent = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            concurrent.add(Mono.fromRunnable(() -> get("/v1/samples/stream?rows=300", null).expectStatus().isOk()));
        }
        Flux.merge(concurrent.stream().map(request -> request.subscribeOn(reactor.core.scheduler.Schedulers
                .boundedElastic())).toList()).blockLast(Duration.ofSeconds(60));
        for (int i = 0; i < 15; i++) {
            assertThat(samplesNamed("loop-held-" + i)).isZero();
            assertThat(samplesNamed("loop-stuck-" + i)).isZero();
            assertThat(samplesNamed("loop-ok-" + i)).isEqualTo(1);
        }
    }

    /**
     * Spring 7's TransactionalOperator rolls back a transaction whose subscriber cancels (it once committed), and
     * hands the connection back: three times the pool's size in a row, each cancelled part-way.
     */
    @Test
    void aCancelledTransactionRollsBackAndItsConnectionGoesBackToThePool() throws InterruptedException {
        for (int i = 0; i < 18; i++) {
            String name = "cancelled-tx-" + i;
            CountDownLatch written = new CountDownLatch(1);
            Disposable running = tx.transactional(db.sql("INSERT INTO samples (id, account_id, name, status, "
                            + "created_at) VALUES (gen_random_uuid(), gen_random_uuid(), :name, 'active', now())")
                    .bind("name", name).then()
                    .then(Mono.fromRunnable(written::countDown))
                    .then(Mono.never()))
                    .subscribe();
            assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
            running.dispose();
            awaitNoBusySessions();
            assertThat(samplesNamed(name)).isZero();
        }
        // And cancelled by a timeout inside a request-like chain: the same.
        for (int i = 0; i < 6; i++) {
            String name = "timed-out-tx-" + i;
            Mono<Void> slow = tx.transactional(db.sql("INSERT INTO samples (id, account_id, name, status, "
                            + "created_at) VALUES (gen_random_uuid(), gen_random_uuid(), :name, 'active', now())")
                    .bind("name", name).then()
                    .then(Mono.delay(Duration.ofSeconds(30)).then()));
            slow.timeout(Duration.ofMillis(300)).onErrorResume(e -> Mono.empty()).block(Duration.ofSeconds(10));
            awaitNoBusySessions();
            assertThat(samplesNamed(name)).isZero();
        }
        post("/v1/samples", "after-cancelled-tx", null, null).expectStatus().isCreated();
    }
}
