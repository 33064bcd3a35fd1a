package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import com.storageplatform.webhooks.WebhookProperties;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The receiver's time limit, and the retry job, on the real retry schedule (a failed first attempt waits 30 s, so
 * {@code retrying} can be seen) with no background polling (only wake-ups and the job start attempts).
 */
@DispatcherTest
@TestPropertySource(properties = {
        "platform.webhooks.retry-time-scale=1",
        "platform.webhooks.delivery.timeout=1s",
        "platform.webhooks.delivery.poll-interval=1h"})
class DeliveryTimeoutTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    final Caller caller = DispatcherApi.caller();

    private DispatcherApi api() {
        return new DispatcherApi(client, kafka, json);
    }

    @Test
    void theDefaultTimeoutIsTenSeconds() {
        assertThat(new WebhookProperties(null, null, null, null).delivery().timeout()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aReceiverSlowerThanTheTimeoutLeavesTheDeliveryRetryingWithNoStatusAndATimeoutError() {
        DispatcherApi api = api();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.delay.set(Duration.ofMillis(2500));
            String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));

            JsonNode delivery = awaitFirstAttempt(api, endpoint);
            assertThat(delivery.path("status").asString()).isEqualTo("retrying");
            assertThat(delivery.path("attempts").asInt()).isEqualTo(1);
            assertThat(delivery.path("last_response_status").isNull()).isTrue();
            assertThat(delivery.path("last_error").asString()).isEqualTo("timed out after 1 s");
            assertThat(Instant.parse(delivery.path("next_attempt_at").asString()))
                    .isAfter(Instant.now().plusSeconds(20));
            delete(endpoint);
        }
    }

    @Test
    void anAnswerStillArrivingWhenTheTimeoutEndsIsATimeoutEvenAfterA200() {
        // Status and headers at once, then the body in pieces 400 ms apart: never idle for the timeout, but the
        // whole answer takes 1.6 s, longer than the 1 s the attempt has.
        AtomicInteger requests = new AtomicInteger();
        DisposableServer trickling = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> request.receive().aggregate().asByteArray().defaultIfEmpty(new byte[0])
                        .doOnNext(body -> requests.incrementAndGet())
                        .then(Mono.from(response.status(200)
                                .sendString(Flux.just("o", "k", "a", "y").delayElements(Duration.ofMillis(400))))))
                .bindNow();
        try {
            DispatcherApi api = api();
            String url = "http://localhost:" + trickling.port() + "/hook";
            String endpoint = api.endpoint(caller, url, "*").path("id").asString();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));

            JsonNode delivery = awaitFirstAttempt(api, endpoint);
            assertThat(requests.get()).isEqualTo(1);
            assertThat(delivery.path("status").asString()).isEqualTo("retrying");
            assertThat(delivery.path("last_response_status").isNull()).isTrue();
            assertThat(delivery.path("last_error").asString()).isEqualTo("timed out after 1 s");
            delete(endpoint);
        } finally {
            trickling.disposeNow();
        }
    }

    @Test
    void theRetryJobSendsADueRetry() {
        DispatcherApi api = api();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.status.set(500);
            String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
            JsonNode failed = awaitFirstAttempt(api, endpoint);
            assertThat(failed.path("status").asString()).isEqualTo("retrying");

            // The retry falls due; nothing polls in this test, so only the job can send it.
            receiver.status.set(200);
            db.sql("UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = :id")
                    .bind("id", UUID.fromString(failed.path("id").asString())).then().block();
            DispatcherApi.sleep(500);
            assertThat(receiver.received).hasSize(1);

            JsonNode run = api.body(client.post().uri("/internal/jobs/webhook-retry/run")
                    .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin())).exchange(), 200).path("data");
            assertThat(run.path("job").asString()).isEqualTo("webhook-retry");
            assertThat(run.path("result").asString()).isEqualTo("attempted 1 deliveries");
            assertThat(receiver.received).hasSize(2);
            List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                    list -> list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(5));
            assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(2);
            delete(endpoint);
        }
    }

    /** The endpoint's one delivery once its first attempt is recorded. */
    private JsonNode awaitFirstAttempt(DispatcherApi api, String endpoint) {
        return api.awaitDeliveries(caller, endpoint, list -> list.size() == 1
                        && list.get(0).path("attempts").asInt() == 1
                        && !list.get(0).path("status").asString().equals("delivering"), Duration.ofSeconds(30))
                .get(0);
    }

    /** Its retry (30 s on) must not start while a later test watches the worker. */
    private void delete(String endpoint) {
        client.delete().uri("/v1/webhooks/" + endpoint).header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isOk();
    }
}
