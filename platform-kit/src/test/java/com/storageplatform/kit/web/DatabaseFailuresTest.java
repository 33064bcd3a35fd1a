package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ValidationDepth;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import reactor.core.publisher.Mono;

/**
 * What PostgreSQL's own refusals mean to a client, read from the failures the driver and Spring really raise (the
 * deadlock itself, through HTTP and an Idempotency-Key, is in IdempotencyTest).
 */
@PlatformTest
class DatabaseFailuresTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    ReactiveTransactionManager transactions;

    private static ApiException mapped(Throwable failure) {
        assertThat(failure).isNotNull();
        return ErrorMapper.toApiException(failure);
    }

    private static void assertUnstorableText(ApiException api) {
        assertThat(api).isNotNull();
        assertThat(api.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(api.status().value()).isEqualTo(422);
        assertThat(api.details()).containsExactly(new FieldIssue("body", FieldIssue.INVALID));
    }

    @Test
    void textHoldingNulThatReachesTheDatabaseIsAValidationErrorNotAServerError() {
        Throwable text = catchThrowable(() -> db.sql("SELECT CAST(:text AS text) AS t").bind("text", "a\u0000b")
                .fetch().one().block(Duration.ofSeconds(10)));
        assertUnstorableText(mapped(text));
        Throwable json = catchThrowable(() -> db.sql("SELECT CAST(:json AS jsonb) AS j")
                .bind("json", "{\"a\":\"\\u0000\"}").fetch().one().block(Duration.ofSeconds(10)));
        assertUnstorableText(mapped(json));
    }

    @Test
    void aDatabaseThatCannotBeReachedIsServiceUnavailableWithRetryAfterNotAServerError() throws Exception {
        int nobodyListens;
        try (ServerSocket socket = new ServerSocket(0)) {
            nobodyListens = socket.getLocalPort();
        }
        DatabaseClient unreachable = DatabaseClient.create(ConnectionFactories.get(
                "r2dbc:pool:postgresql://platform_service:platform@127.0.0.1:" + nobodyListens + "/postgres"));
        Throwable read = catchThrowable(() -> unreachable.sql("SELECT 1").fetch().one().block(Duration.ofSeconds(20)));

        assertOutage(mapped(read));
    }

    @Test
    void aConnectionCutByTheServerIsServiceUnavailableWithRetryAfter() {
        // What a restart does to a connection in use: PostgreSQL ends its backend (57P01).
        AtomicReference<Connection> used = new AtomicReference<>();
        Throwable cut = catchThrowable(() -> db.inConnection(connection -> Mono.from(connection
                        .createStatement("SELECT pg_backend_pid()").execute())
                        .doOnSubscribe(subscription -> used.set(connection))
                        .flatMap(result -> Mono.from(result.map((row, meta) -> row.get(0, Integer.class))))
                        .doOnNext(pid -> PlatformInfrastructure.get().execute("SELECT pg_terminate_backend(" + pid
                                + ")"))
                        .then(Mono.from(connection.createStatement("SELECT 1").execute())
                                .flatMap(result -> Mono.from(result.map((row, meta) -> row.get(0))))))
                .block(Duration.ofSeconds(10)));

        assertOutage(mapped(cut));
        // The cut connection went back to the shared pool, which validates locally (is the socket open?) when it
        // hands one out; the client learns of the close a moment after the error. Until it has, the next test to
        // borrow it would fail: wait for it here.
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> Boolean.FALSE.equals(
                Mono.from(used.get().validate(ValidationDepth.LOCAL)).block(Duration.ofSeconds(1))));
    }

    private static void assertOutage(ApiException api) {
        assertThat(api).isNotNull();
        assertThat(api.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(api.status().value()).isEqualTo(503);
        assertThat(api.headers()).containsEntry("Retry-After", String.valueOf(ErrorMapper.OUTAGE_RETRY_SECONDS));
    }

    @Test
    void aSerializationFailureIsServiceUnavailableWithRetryAfter() throws InterruptedException {
        UUID id = Ids.newId();
        db.sql("INSERT INTO samples (id, account_id, name, status, created_at) VALUES (:id, :account, 'serial', 'active', :at)")
                .bind("id", id).bind("account", Ids.newId()).bind("at", Instant.now())
                .then().block(Duration.ofSeconds(10));
        DefaultTransactionDefinition repeatableRead = new DefaultTransactionDefinition();
        repeatableRead.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);

        // The first transaction reads the row (its snapshot), another changes it and commits, then the first
        // tries to change it too: PostgreSQL refuses, since it cannot serialize the two.
        CountDownLatch read = new CountDownLatch(1);
        CompletableFuture<Void> go = new CompletableFuture<>();
        Mono<Void> work = db.sql("SELECT status FROM samples WHERE id = :id").bind("id", id).fetch().one()
                .then(Mono.fromRunnable(read::countDown))
                .then(Mono.fromFuture(go))
                .then(db.sql("UPDATE samples SET status = 'archived' WHERE id = :id").bind("id", id).then());
        CompletableFuture<Void> first = TransactionalOperator.create(transactions, repeatableRead)
                .transactional(work).toFuture();
        try {
            assertThat(read.await(30, TimeUnit.SECONDS)).isTrue();
            db.sql("UPDATE samples SET status = 'archived' WHERE id = :id").bind("id", id).then()
                    .block(Duration.ofSeconds(10));
        } finally {
            go.complete(null);
        }

        ApiException api = mapped(catchThrowable(() -> first.get(30, TimeUnit.SECONDS)));
        assertThat(api).isNotNull();
        assertThat(api.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(api.status().value()).isEqualTo(503);
        assertThat(api.headers()).containsEntry("Retry-After", "1");
        assertThat(api.getMessage()).contains("Another request changed the same records at the same moment")
                .contains("nothing was written");
        assertThat(api.details()).isEqualTo(List.of());
    }
}
