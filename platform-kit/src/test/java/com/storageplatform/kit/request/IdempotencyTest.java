package com.storageplatform.kit.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.sample.HeldRequests;
import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/** Idempotency against real PostgreSQL, exactly as conventions.md describes it. */
@PlatformTest
class IdempotencyTest {

    static final String DROP_REPLY = "X-Test-Drop-Reply";

    /** Simulates a crash after commit: the process "dies" (the connection is cut) before the reply leaves. */
    @TestConfiguration
    static class CrashBeforeReply {
        @Bean
        @Order(Ordered.HIGHEST_PRECEDENCE + 10)
        WebFilter dropReplyAfterCommit() {
            return (exchange, chain) -> {
                if (!exchange.getRequest().getHeaders().containsHeader(DROP_REPLY)) {
                    return chain.filter(exchange);
                }
                ServerHttpResponse response = exchange.getResponse();
                ServerHttpResponseDecorator dropping = new ServerHttpResponseDecorator(response) {
                    @Override
                    public Mono<Void> writeWith(org.reactivestreams.Publisher<? extends org.springframework.core.io.buffer.DataBuffer> body) {
                        HttpServerResponse connection = ServerHttpResponseDecorator.getNativeResponse(response);
                        connection.withConnection(c -> c.channel().close());
                        return Mono.empty();
                    }
                };
                return chain.filter(exchange.mutate().response(dropping).build());
            };
        }
    }

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    IdempotencyStore store;

    private final Caller caller = TestCallers.apiCaller("samples:write");

    @AfterEach
    void resetClock() {
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("offset_seconds", 0))
                .exchange().expectStatus().isOk();
    }

    private WebTestClient.ResponseSpec post(Caller as, String path, String key, String body) {
        return send(HttpMethod.POST, as, path, key, MediaType.APPLICATION_JSON, body);
    }

    private WebTestClient.ResponseSpec send(HttpMethod method, Caller as, String path, String key, MediaType type,
            String body) {
        WebTestClient.RequestBodySpec request = client.method(method).uri(path)
                .header("Authorization", TestCallers.bearer(as));
        if (key != null) {
            request = request.header(MutationFilter.KEY_HEADER, key);
        }
        return request.contentType(type).bodyValue(body).exchange();
    }

    private int executions(String name) {
        return db.sql("SELECT count FROM executions WHERE request_name = :name").bind("name", name)
                .map(row -> row.get("count", Integer.class)).one().defaultIfEmpty(0).block();
    }

    private long samplesNamed(String name) {
        return db.sql("SELECT count(*) AS n FROM samples WHERE name = :name").bind("name", name)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    private long outboxRowsOfType(String type) {
        return db.sql("SELECT count(*) AS n FROM outbox_events WHERE event_type = :type").bind("type", type)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    @Test
    void aRepeatReplaysTheStoredResponseWithoutExecutingAgain() {
        String key = UUID.randomUUID().toString();
        EntityExchangeResult<byte[]> first = post(caller, "/v1/samples", key, "{\"name\":\"replay\"}")
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER)
                .expectBody().returnResult();
        EntityExchangeResult<byte[]> second = post(caller, "/v1/samples", key, "{ \"name\" : \"replay\" }")
                .expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectBody().returnResult();

        assertThat(second.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(executions("create:replay")).isEqualTo(1);
        assertThat(samplesNamed("replay")).isEqualTo(1);
    }

    @Test
    void aReplayRepeatsTheHeadersThatBelongToTheResponse() {
        String key = UUID.randomUUID().toString();
        String location = post(caller, "/v1/samples", key, "{\"name\":\"located\"}")
                .expectStatus().isCreated()
                .returnResult(String.class).getResponseHeaders().getFirst("Location");
        assertThat(location).startsWith("/v1/samples/");
        post(caller, "/v1/samples", key, "{\"name\":\"located\"}")
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectHeader().valueEquals("Location", location);
    }

    @Test
    void theDatabaseHoldsNeitherTheKeyNorTheResponseInTheClear() {
        String key = "key-" + UUID.randomUUID();
        post(caller, "/v1/samples", key, "{\"name\":\"a-secret-looking-name\"}").expectStatus().isCreated();
        List<String> rows = db.sql("SELECT key_hash, encode(response_body, 'escape') AS body FROM idempotency_keys")
                .map(row -> row.get("key_hash", String.class) + " " + row.get("body", String.class))
                .all().collectList().block();
        assertThat(rows).isNotEmpty().noneMatch(row -> row.contains(key) || row.contains("a-secret-looking-name"));
    }

    @Test
    void theSameKeyWithAnotherBodyIsAConflict() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"one\"}").expectStatus().isCreated();
        post(caller, "/v1/samples", key, "{\"name\":\"two\"}")
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("idempotency_conflict");
        assertThat(samplesNamed("two")).isZero();
    }

    /** A CSV of {@code lines} lines of 64 bytes each, the last character {@code last}. */
    private static String csv(int lines, char last) {
        String line = "x".repeat(62) + last + "\n";
        return line.repeat(lines);
    }

    @Test
    void aCsvUploadLargerThanAJsonBodyMayBeTakesAKeyAndIsReplayedWithoutRunningTwice() {
        // 3 MiB: three times what a JSON body under a key may be, since a CSV streams to its handler.
        String file = csv(3 * 16_384, 'a');
        String key = UUID.randomUUID().toString();
        MediaType csv = MediaType.parseMediaType("text/csv");
        String name = "upload:" + file.length() + ":" + 3 * 16_384;
        byte[] first = send(HttpMethod.POST, caller, "/v1/samples/uploads", key, csv, file)
                .expectStatus().isCreated().expectBody().returnResult().getResponseBody();
        byte[] again = send(HttpMethod.POST, caller, "/v1/samples/uploads", key, csv, file)
                .expectStatus().isCreated().expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectBody().returnResult().getResponseBody();
        assertThat(again).isEqualTo(first);
        assertThat(samplesNamed(name)).isEqualTo(1);
        // Another file of the same length under the same key is another request.
        send(HttpMethod.POST, caller, "/v1/samples/uploads", key, csv, csv(3 * 16_384, 'b'))
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("idempotency_conflict");
        assertThat(samplesNamed(name)).isEqualTo(1);
    }

    @Test
    void aCsvUploadRefusedBeforeItIsReadIsAnsweredAndAnswersAgain() {
        String key = UUID.randomUUID().toString();
        MediaType csv = MediaType.parseMediaType("text/csv");
        // 1.25 MiB the handler never reads: the client still hears the refusal, which is not stored.
        send(HttpMethod.POST, caller, "/v1/samples/uploads?refuse=true", key, csv, csv(20_000, 'c'))
                .expectStatus().isEqualTo(400);
        send(HttpMethod.POST, caller, "/v1/samples/uploads?refuse=true", null, csv, csv(20_000, 'c'))
                .expectStatus().isEqualTo(400);
        send(HttpMethod.POST, caller, "/v1/samples/uploads?refuse=true", key, csv, csv(2, 'c'))
                .expectStatus().isEqualTo(400);
        send(HttpMethod.POST, caller, "/v1/samples/uploads", key, csv, csv(2, 'c'))
                .expectStatus().isCreated().expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(samplesNamed("upload:128:2")).isEqualTo(1);
    }

    @Test
    void theSameKeyOnAnotherPathIsAConflict() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"path\"}").expectStatus().isCreated();
        post(caller, "/v1/samples/held", key, "{\"name\":\"path\"}")
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("idempotency_conflict");
    }

    @Test
    void aSecondRequestWhileTheFirstRunsIsInProgressAndNeverExecutes() {
        String key = UUID.randomUUID().toString();
        HeldRequests.Hold hold = HeldRequests.hold("concurrent");
        // The first request waits for the second one, so it may take longer than the client's usual timeout.
        WebTestClient patient = client.mutate().responseTimeout(Duration.ofSeconds(60)).build();
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> patient.post().uri("/v1/samples/held")
                .header("Authorization", TestCallers.bearer(caller))
                .header(MutationFilter.KEY_HEADER, key)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"concurrent\"}")
                .exchange().returnResult(String.class).getStatus().value());
        try {
            // The handler runs only after its transaction took the key's lock, so the lock is held from here on.
            hold.awaitEntered();
            post(caller, "/v1/samples/held", key, "{\"name\":\"concurrent\"}")
                    .expectStatus().isEqualTo(409)
                    .expectBody().jsonPath("$.error.code").isEqualTo("idempotency_in_progress");
        } finally {
            hold.release();
        }

        assertThat(first.join()).isEqualTo(201);
        assertThat(executions("create:concurrent")).isEqualTo(1);
        post(caller, "/v1/samples/held", key, "{\"name\":\"concurrent\"}")
                .expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true");
        assertThat(executions("create:concurrent")).isEqualTo(1);
    }

    @Test
    void theSameKeyOfTheSameAccountInAnotherServiceDoesNotHoldItHere() throws InterruptedException {
        String anotherService = "idempotency_another_service";
        PlatformInfrastructure.get().recreateSchema(anotherService);
        String key = UUID.randomUUID().toString();
        long lockKey = RequestFingerprint.lockKey(caller.accountId().toString(), key);
        Mono<Boolean> lockThere = db.sql("SET LOCAL search_path TO " + anotherService).then()
                .then(store.tryLock(lockKey));

        // Another service (its own schema, the same database) is executing a request with this account's key.
        CountDownLatch locked = new CountDownLatch(1);
        CompletableFuture<Void> finish = new CompletableFuture<>();
        CompletableFuture<Boolean> there = tx.transactional(lockThere
                .flatMap(held -> Mono.fromRunnable(locked::countDown).then(Mono.fromFuture(finish)).thenReturn(held)))
                .toFuture();
        try {
            assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(tx.transactional(lockThere).block(Duration.ofSeconds(10))).isFalse();
            post(caller, "/v1/samples", key, "{\"name\":\"two-services\"}")
                    .expectStatus().isCreated()
                    .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        } finally {
            finish.complete(null);
        }
        assertThat(there.join()).isTrue();
        assertThat(executions("create:two-services")).isEqualTo(1);
    }

    @Test
    void aCrashBetweenCommitAndReplyIsRecoveredByTheRetryWithoutExecutingTwice() {
        String key = UUID.randomUUID().toString();
        assertThatThrownBy(() -> client.post().uri("/v1/samples")
                .header("Authorization", TestCallers.bearer(caller))
                .header(MutationFilter.KEY_HEADER, key)
                .header(DROP_REPLY, "true")
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"crash\"}")
                .exchange())
                .isInstanceOf(RuntimeException.class);
        assertThat(executions("create:crash")).isEqualTo(1);

        post(caller, "/v1/samples", key, "{\"name\":\"crash\"}")
                .expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectBody().jsonPath("$.data.name").isEqualTo("crash");
        assertThat(executions("create:crash")).isEqualTo(1);
        assertThat(samplesNamed("crash")).isEqualTo(1);
    }

    @Test
    void aServerErrorIsNotStoredAndLeavesNothingWritten() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples/fail-after-write", key, "{\"name\":\"fails\"}").expectStatus().isEqualTo(500);
        post(caller, "/v1/samples/fail-after-write", key, "{\"name\":\"fails\"}")
                .expectStatus().isEqualTo(500)
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(samplesNamed("fails")).isZero();
        assertThat(executions("fail:fails")).isZero();
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void aDeadlockVictimIsServiceUnavailableAndItsRetryWithTheSameKeyRuns(CapturedOutput output) {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String a = "deadlock-a-" + suffix;
        String b = "deadlock-b-" + suffix;
        post(caller, "/v1/samples", null, "{\"name\":\"" + a + "\"}").expectStatus().isCreated();
        post(caller, "/v1/samples", null, "{\"name\":\"" + b + "\"}").expectStatus().isCreated();
        Map<String, String> keys = Map.of(a, UUID.randomUUID().toString(), b, UUID.randomUUID().toString());

        // Each request locks its first row, waits until both have, then asks for the other's: a deadlock, which
        // PostgreSQL breaks by failing one of the two transactions.
        HeldRequests.Hold holdA = HeldRequests.hold(a);
        HeldRequests.Hold holdB = HeldRequests.hold(b);
        CompletableFuture<EntityExchangeResult<String>> ab = CompletableFuture.supplyAsync(
                () -> lockPair(a, b, keys.get(a)));
        CompletableFuture<EntityExchangeResult<String>> ba = CompletableFuture.supplyAsync(
                () -> lockPair(b, a, keys.get(b)));
        try {
            holdA.awaitEntered();
            holdB.awaitEntered();
        } finally {
            holdA.release();
            holdB.release();
        }

        List<EntityExchangeResult<String>> results = List.of(ab.join(), ba.join());
        assertThat(results).extracting(result -> result.getStatus().value()).containsExactlyInAnyOrder(200, 503);
        EntityExchangeResult<String> victim = results.stream().filter(r -> r.getStatus().value() == 503)
                .findFirst().orElseThrow();
        assertThat(victim.getResponseHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(victim.getResponseBody()).contains("\"code\":\"service_unavailable\"")
                .contains("Another request changed the same records at the same moment")
                .doesNotContain("deadlock").doesNotContain("SQL");
        String victimFirst = victim == results.get(0) ? a : b;
        String winnerFirst = victimFirst.equals(a) ? b : a;
        // The victim's transaction rolled back whole: its execution count never committed.
        assertThat(executions("lock-pair:" + victimFirst)).isZero();
        assertThat(executions("lock-pair:" + winnerFirst)).isEqualTo(1);
        assertThat(output.getOut()).contains("WARN").contains("SQLSTATE 40P01")
                .doesNotContain("Unexpected failure");

        // A 5xx is not stored under its key: the retry runs, now unopposed.
        EntityExchangeResult<String> retry = lockPair(victimFirst, winnerFirst, keys.get(victimFirst));
        assertThat(retry.getStatus().value()).isEqualTo(200);
        assertThat(retry.getResponseHeaders().containsHeader(MutationFilter.REPLAYED_HEADER)).isFalse();
        assertThat(executions("lock-pair:" + victimFirst)).isEqualTo(1);
    }

    private EntityExchangeResult<String> lockPair(String first, String second, String key) {
        return client.mutate().responseTimeout(Duration.ofSeconds(60)).build()
                .post().uri("/v1/samples/lock-pair")
                .header("Authorization", TestCallers.bearer(caller))
                .header(MutationFilter.KEY_HEADER, key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"first\":\"" + first + "\",\"second\":\"" + second + "\"}")
                .exchange()
                .expectBody(String.class).returnResult();
    }

    @Test
    void aRefusalTheEndpointDecidedIsStoredButItsWritesAreUndone() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples/conflict-after-write", key, "{\"name\":\"refused\"}")
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("conflict");
        post(caller, "/v1/samples/conflict-after-write", key, "{\"name\":\"refused\"}")
                .expectStatus().isEqualTo(409)
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true");
        assertThat(samplesNamed("refused")).isZero();
        assertThat(executions("conflict:refused")).isZero();
    }

    @Test
    void aMalformedBodyIsNotStoredSoTheCorrectedRetryRuns() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\": ")
                .expectStatus().isEqualTo(400)
                .expectBody().jsonPath("$.error.code").isEqualTo("invalid_request");
        post(caller, "/v1/samples", key, "{\"name\":\"malformed-fixed\"}")
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:malformed-fixed")).isEqualTo(1);
    }

    @Test
    void anUnsupportedMediaTypeIsNotStoredSoTheCorrectedRetryRuns() {
        String key = UUID.randomUUID().toString();
        String body = "{\"name\":\"media-fixed\"}";
        send(HttpMethod.POST, caller, "/v1/samples", key, MediaType.TEXT_PLAIN, body)
                .expectStatus().isEqualTo(415)
                .expectBody().jsonPath("$.error.code").isEqualTo("unsupported_media_type");
        post(caller, "/v1/samples", key, body)
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:media-fixed")).isEqualTo(1);
    }

    @Test
    void anUnknownBodyFieldIsNotStoredSoTheCorrectedRetryRuns() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"field-fixed\",\"colour\":\"red\"}")
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].issue").isEqualTo("unknown_field");
        post(caller, "/v1/samples", key, "{\"name\":\"field-fixed\"}")
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:field-fixed")).isEqualTo(1);
    }

    @Test
    void aMistypedBodyFieldIsNotStoredSoTheCorrectedRetryRuns() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"type-fixed\",\"amount_minor\":\"12\"}")
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("amount_minor");
        post(caller, "/v1/samples", key, "{\"name\":\"type-fixed\",\"amount_minor\":12}")
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:type-fixed")).isEqualTo(1);
    }

    @Test
    void anUnknownRouteOrWrongMethodIsNotStoredSoTheCorrectedRetryRuns() {
        String key = UUID.randomUUID().toString();
        String body = "{\"name\":\"route-fixed\"}";
        post(caller, "/v1/sampels", key, body).expectStatus().isNotFound();
        send(HttpMethod.PUT, caller, "/v1/samples", key, MediaType.APPLICATION_JSON, body)
                .expectStatus().isEqualTo(405);
        post(caller, "/v1/samples", key, body)
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:route-fixed")).isEqualTo(1);
    }

    @Test
    void aValidationErrorTheEndpointDecidedIsStillReplayed() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"\"}")
                .expectStatus().isEqualTo(422)
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER)
                .expectBody().jsonPath("$.error.details[0].issue").isEqualTo("required");
        post(caller, "/v1/samples", key, "{\"name\":\"\"}")
                .expectStatus().isEqualTo(422)
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectBody().jsonPath("$.error.details[0].issue").isEqualTo("required");
        post(caller, "/v1/samples", key, "{\"name\":\"validated-later\"}")
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("idempotency_conflict");
        assertThat(executions("create:validated-later")).isZero();
    }

    @Test
    void aForbiddenAnswerIsNotStoredSoTheRetryRunsAgain() {
        String key = UUID.randomUUID().toString();
        String body = "{\"name\":\"forbidden-first\"}";
        post(caller, "/v1/samples/admin-only", key, body)
                .expectStatus().isForbidden()
                .expectBody().jsonPath("$.error.code").isEqualTo("insufficient_scope");
        post(caller, "/v1/samples/admin-only", key, body)
                .expectStatus().isForbidden()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);

        Caller granted = new Caller(caller.accountId(), caller.operatorId(), caller.environment(),
                Set.of("samples:write", "samples:admin"), null, caller.actorType(), caller.credentialId(), null);
        post(granted, "/v1/samples/admin-only", key, body)
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:forbidden-first")).isEqualTo(1);
    }

    @Test
    void withoutAKeyAFailedRequestLeavesNoRowAndNoEvent() {
        long eventsBefore = outboxRowsOfType("sample.created");
        post(caller, "/v1/samples/fail-after-write", null, "{\"name\":\"no-key\"}").expectStatus().isEqualTo(500);
        assertThat(samplesNamed("no-key")).isZero();
        assertThat(outboxRowsOfType("sample.created")).isEqualTo(eventsBefore);
    }

    @Test
    void theMutationAndItsOutboxRowCommitTogether() {
        long eventsBefore = outboxRowsOfType("sample.created");
        post(caller, "/v1/samples", UUID.randomUUID().toString(), "{\"name\":\"with-event\"}").expectStatus().isCreated();
        assertThat(samplesNamed("with-event")).isEqualTo(1);
        assertThat(outboxRowsOfType("sample.created")).isEqualTo(eventsBefore + 1);
    }

    @Test
    void aKeyLongerThan255CharactersIsRefused() {
        post(caller, "/v1/samples", "k".repeat(256), "{\"name\":\"long\"}")
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("Idempotency-Key")
                .jsonPath("$.error.details[0].issue").isEqualTo("too_long");
        post(caller, "/v1/samples", "k".repeat(255), "{\"name\":\"long\"}").expectStatus().isCreated();
    }

    @Test
    void keysAreScopedToTheAccount() {
        String key = UUID.randomUUID().toString();
        Caller other = TestCallers.apiCaller("samples:write");
        String first = post(caller, "/v1/samples", key, "{\"name\":\"scoped\"}").expectStatus().isCreated()
                .returnResult(String.class).getResponseBody().blockFirst();
        String second = post(other, "/v1/samples", key, "{\"name\":\"scoped\"}").expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER)
                .returnResult(String.class).getResponseBody().blockFirst();
        assertThat(second).isNotEqualTo(first);
        assertThat(executions("create:scoped")).isEqualTo(2);
    }

    @Test
    void aKeyExpiresAfter24HoursAndTheCleanupJobRemovesIt() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"expiring\"}").expectStatus().isCreated();
        advanceClockSeconds(24 * 3600 + 1);

        client.post().uri("/internal/jobs/idempotency-cleanup/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.data.object").isEqualTo("job_run")
                .jsonPath("$.data.ran").isEqualTo(true);
        long stored = db.sql("SELECT count(*) AS n FROM idempotency_keys WHERE key_hash = :hash")
                .bind("hash", SealedResponse.lookupHash(caller.accountId().toString(), key))
                .map(row -> row.get("n", Long.class)).one().block();
        assertThat(stored).isZero();

        post(caller, "/v1/samples", key, "{\"name\":\"expiring\"}")
                .expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER);
        assertThat(executions("create:expiring")).isEqualTo(2);
    }

    @Test
    void aKeyJustUnder24HoursOldStillReplays() {
        String key = UUID.randomUUID().toString();
        post(caller, "/v1/samples", key, "{\"name\":\"fresh\"}").expectStatus().isCreated();
        advanceClockSeconds(24 * 3600 - 60);
        post(caller, "/v1/samples", key, "{\"name\":\"fresh\"}")
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true");
    }

    @Test
    void jobAndClockControlsAreHiddenFromOrdinaryCallers() {
        client.post().uri("/internal/jobs/idempotency-cleanup/run").header("Authorization", TestCallers.bearer(caller))
                .exchange().expectStatus().isNotFound();
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", 60))
                .exchange().expectStatus().isNotFound();
        client.post().uri("/internal/jobs/idempotency-cleanup/run").exchange().expectStatus().isUnauthorized();
    }

    private void advanceClockSeconds(long seconds) {
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", seconds))
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.data.offset_seconds").isEqualTo((int) seconds);
    }

}
