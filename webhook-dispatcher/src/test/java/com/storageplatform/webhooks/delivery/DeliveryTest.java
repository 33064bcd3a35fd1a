package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PrometheusScrape;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import com.storageplatform.webhooks.signature.WebhookVerifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Signed deliveries, retries on the schedule, redelivery at the cap, pausing, slow receivers kept apart and each
 * endpoint's cap on attempts in flight.
 */
@DispatcherTest
class DeliveryTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Environment environment;

    DispatcherApi api;
    WebhookReceiver receiver;
    final Caller caller = DispatcherApi.caller();

    @BeforeEach
    void setUp() {
        api = new DispatcherApi(client, kafka, json);
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void tearDown() {
        receiver.close();
    }

    @Test
    void aDeliveryIsSignedAndCarriesTheDocumentedHeadersAndBody() {
        JsonNode endpoint = api.endpoint(caller, receiver.url(), "payment.*");
        UUID id = api.publish(caller, "billing.events", "payment.succeeded",
                Map.of("object", "payment", "amount_minor", 3300, "currency", "GBP"));

        WebhookReceiver.Received delivery = receiver.await(r -> true, 1, Duration.ofSeconds(30)).get(0);
        WebhookVerifier.of(endpoint.path("secret").asString()).verify(delivery.header("X-Service-Signature"), delivery.body());
        assertThat(delivery.header("Content-Type")).startsWith("application/json");
        assertThat(delivery.header("User-Agent")).isEqualTo("Service-Webhooks/1.0");
        assertThat(delivery.header("X-Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");

        JsonNode body = json.readTree(delivery.body());
        assertThat(body.propertyNames()).containsExactly("id", "type", "api_version", "created", "data");
        assertThat(body.path("id").asString()).isEqualTo(id.toString());
        assertThat(body.path("type").asString()).isEqualTo("payment.succeeded");
        assertThat(body.path("api_version").asString()).isEqualTo(endpoint.path("api_version").asString());
        assertThat(body.path("data").path("object").asString()).isEqualTo("payment");
        assertThat(body.path("data").path("amount_minor").asInt()).isEqualTo(3300);

        JsonNode feedItem = api.body(api.get(caller, "/v1/events/" + id), 200).path("data");
        assertThat(feedItem.path("created").asString()).isEqualTo(body.path("created").asString());

        List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint.path("id").asString(),
                list -> list.size() == 1 && list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(10));
        JsonNode recorded = deliveries.get(0);
        assertThat(recorded.path("id").asString()).isEqualTo(delivery.header("Service-Delivery"));
        assertThat(recorded.path("object").asString()).isEqualTo("webhook_delivery");
        assertThat(recorded.path("event_id").asString()).isEqualTo(id.toString());
        assertThat(recorded.path("event_type").asString()).isEqualTo("payment.succeeded");
        assertThat(recorded.path("attempts").asInt()).isEqualTo(1);
        assertThat(recorded.path("last_response_status").asInt()).isEqualTo(200);
        // The conventions' fields, and endpoint_id besides (an additive decision, docs/api/webhooks.md).
        assertThat(recorded.propertyNames()).containsExactlyInAnyOrder("id", "object", "endpoint_id", "event_id",
                "event_type", "status", "attempts", "next_attempt_at", "last_response_status", "last_error",
                "created_at", "updated_at");
        assertThat(recorded.path("endpoint_id").asString()).isEqualTo(endpoint.path("id").asString());
    }

    @Test
    void onlySubscribedEventsAreDelivered() {
        WebhookReceiver other = new WebhookReceiver();
        try {
            api.endpoint(caller, receiver.url(), "invoice.paid");
            api.endpoint(caller, other.url(), "invoice.*", "deal.won");
            api.publish(caller, "billing.events", "invoice.created", Map.of("object", "invoice"));
            api.publish(caller, "billing.events", "invoice.paid", Map.of("object", "invoice"));
            api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
            api.publish(caller, "crm.events", "deal.lost", Map.of("object", "deal"));
            api.publish(DispatcherApi.caller(), "billing.events", "invoice.paid", Map.of("object", "invoice"));

            other.await(r -> true, 3, Duration.ofSeconds(30));
            receiver.await(r -> true, 1, Duration.ofSeconds(30));
            DispatcherApi.sleep(1000);
            assertThat(receiver.received).extracting(r -> json.readTree(r.body()).path("type").asString())
                    .containsExactly("invoice.paid");
            assertThat(other.received).extracting(r -> json.readTree(r.body()).path("type").asString())
                    .containsExactlyInAnyOrder("invoice.created", "invoice.paid", "deal.won");
        } finally {
            other.close();
        }
    }

    @Test
    void aFailingReceiverIsRetriedOnTheScheduleUntilExhaustedAndARedeliveryAtTheCapGetsExactlyOneMore() {
        receiver.status.set(500);
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.publish(caller, "crm.events", "task.created", Map.of("object", "task"));

        List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                list -> list.size() == 1 && list.get(0).path("status").asString().equals("exhausted"),
                Duration.ofSeconds(90));
        assertThat(receiver.received).hasSize(RetrySchedule.MAX_ATTEMPTS);
        JsonNode exhausted = deliveries.get(0);
        assertThat(exhausted.path("attempts").asInt()).isEqualTo(8);
        assertThat(exhausted.path("last_response_status").asInt()).isEqualTo(500);
        assertThat(exhausted.path("last_error").asString()).isEqualTo("HTTP 500");
        assertThat(exhausted.path("next_attempt_at").isNull()).isTrue();

        // The gaps grow as the schedule says (scaled 1/10000: 3 ms, 12 ms, 60 ms, 360 ms, 2.2 s, 8.6 s, 17.3 s).
        List<Long> times = receiver.received.stream().map(WebhookReceiver.Received::atNanos).toList();
        assertThat(Duration.ofNanos(times.get(7) - times.get(6))).isGreaterThanOrEqualTo(Duration.ofSeconds(17));
        assertThat(Duration.ofNanos(times.get(6) - times.get(5))).isGreaterThanOrEqualTo(Duration.ofSeconds(8));

        String deliveryId = exhausted.path("id").asString();
        JsonNode requeued = api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver",
                Map.of("delivery_id", deliveryId)), 200).path("data");
        assertThat(requeued.path("status").asString()).isEqualTo("retrying");
        assertThat(requeued.path("attempts").asInt()).isEqualTo(8);
        deliveries = api.awaitDeliveries(caller, endpoint,
                list -> list.get(0).path("status").asString().equals("exhausted") && list.get(0).path("attempts").asInt() == 9,
                Duration.ofSeconds(30));
        DispatcherApi.sleep(1000);
        assertThat(receiver.received).hasSize(9);
        assertThat(api.deliveries(caller, endpoint).get(0).path("status").asString()).isEqualTo("exhausted");
    }

    @Test
    void aRedeliveryThatSucceedsEndsTheDelivery() {
        receiver.status.set(503);
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.publish(caller, "crm.events", "task.completed", Map.of("object", "task"));
        receiver.await(r -> true, 2, Duration.ofSeconds(30));
        receiver.status.set(200);
        List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                list -> list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(30));
        assertThat(deliveries.get(0).path("attempts").asInt()).isGreaterThanOrEqualTo(3);
        JsonNode busy = api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver",
                Map.of("delivery_id", deliveries.get(0).path("id").asString())), 200).path("data");
        assertThat(busy.path("status").asString()).isEqualTo("retrying");
    }

    @Test
    void aRedeliveryOfAQueuedOrUnknownDeliveryIsRefused() {
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        // Paused, the endpoint keeps its delivery queued and no worker touches it.
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
        api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
        String delivery = api.awaitDeliveries(caller, endpoint, list -> list.size() == 1, Duration.ofSeconds(30))
                .get(0).path("id").asString();
        for (String status : List.of("pending", "retrying", "delivering")) {
            db.sql("UPDATE webhook_deliveries SET status = :status WHERE id = :id")
                    .bind("status", status).bind("id", UUID.fromString(delivery)).then().block();
            JsonNode error = api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver",
                    Map.of("delivery_id", delivery)), 409).path("error");
            assertThat(error.path("code").asString()).as(status).isEqualTo("conflict");
            assertThat(error.path("message").asString()).as(status).contains(status);
            assertThat(api.deliveries(caller, endpoint).get(0).path("status").asString()).isEqualTo(status);
        }

        api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver", Map.of("delivery_id",
                Ids.newId().toString())), 422);
        api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver", Map.of("delivery_id", "nope")), 422);
        api.body(api.post(caller, "/v1/webhooks/" + endpoint + "/redeliver", Map.of()), 422);
        assertThat(receiver.received).isEmpty();
    }

    @Test
    void anEndpointsDeliveriesAreWalkedPageByPage() {
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            events.add(api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal", "n", i)).toString());
        }
        List<JsonNode> all = api.awaitDeliveries(caller, endpoint, list -> list.size() == 5, Duration.ofSeconds(30));

        List<JsonNode> walked = api.walk(caller, "/v1/webhooks/" + endpoint + "/deliveries?status=pending", 2);
        assertThat(walked).extracting(delivery -> delivery.path("id").asString())
                .containsExactlyElementsOf(all.stream().map(delivery -> delivery.path("id").asString()).toList());
        assertThat(walked).extracting(delivery -> delivery.path("event_id").asString())
                .containsExactlyInAnyOrderElementsOf(events);
    }

    @Test
    void aRedirectIsNotFollowedAndCountsAsAFailure() {
        receiver.status.set(302);
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.publish(caller, "crm.events", "note.created", Map.of("object", "note"));
        List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                list -> !list.isEmpty() && list.get(0).path("attempts").asInt() >= 1
                        && !list.get(0).path("status").asString().equals("delivering"), Duration.ofSeconds(30));
        assertThat(deliveries.get(0).path("status").asString()).isIn("retrying", "exhausted");
        assertThat(deliveries.get(0).path("last_response_status").asInt()).isEqualTo(302);
    }

    @Test
    void aSlowReceiverDoesNotDelayAnotherEndpoint() {
        WebhookReceiver fast = new WebhookReceiver();
        try {
            receiver.delay.set(Duration.ofMillis(1800));
            api.endpoint(caller, receiver.url(), "deal.*");
            Caller otherAccount = DispatcherApi.caller();
            api.endpoint(otherAccount, fast.url(), "deal.*");
            // The slow receiver is kept busy with 40 deliveries (16 at a time) before the other account's event.
            for (int i = 0; i < 40; i++) {
                api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal", "n", i));
            }
            receiver.await(r -> true, 16, Duration.ofSeconds(30));
            long published = System.nanoTime();
            api.publish(otherAccount, "crm.events", "deal.created", Map.of("object", "deal"));
            WebhookReceiver.Received arrived = fast.await(r -> true, 1, Duration.ofSeconds(30)).get(0);
            assertThat(Duration.ofNanos(arrived.atNanos() - published)).isLessThan(Duration.ofMillis(1500));
            assertThat(receiver.received.size()).isLessThan(40);
        } finally {
            fast.close();
        }
    }

    @Test
    void anEndpointNeverHasMoreAttemptsInFlightThanItsCap() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger arrivals = new AtomicInteger();
        DisposableServer uneven = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> {
                    most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    // Uneven answers, so attempts end while the endpoint still has others in flight.
                    Duration hold = Duration.ofMillis(200 + (arrivals.getAndIncrement() % 5) * 150L);
                    return request.receive().then().then(Mono.delay(hold))
                            .then(Mono.from(response.status(200).sendString(Mono.just("ok"))))
                            .doFinally(signal -> {
                                inFlight.decrementAndGet();
                                answered.incrementAndGet();
                            });
                })
                .bindNow();
        try {
            api.endpoint(caller, "http://localhost:" + uneven.port() + "/hook", "note.*");
            for (int i = 0; i < 60; i++) {
                kafka.send("crm.events", caller.accountId().toString(),
                        api.eventJson(caller, Ids.newId(), "note.created", Map.of("object", "note", "n", i)));
            }
            kafka.flush();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (answered.get() < 60 && System.nanoTime() < deadline) {
                DispatcherApi.sleep(50);
            }
            assertThat(answered.get()).isEqualTo(60);
            assertThat(most.get()).isBetween(2, 16);
        } finally {
            uneven.disposeNow();
        }
    }

    @Test
    void aBurstOfDeliveriesIsAllRecordedAsSucceeded() {
        // More than the per-endpoint cap and the success batch at once: every attempt must end recorded, or the
        // endpoints' in-flight slots would never free.
        WebhookReceiver second = new WebhookReceiver();
        try {
            String first = api.endpoint(caller, receiver.url(), "note.*").path("id").asString();
            String other = api.endpoint(caller, second.url(), "*").path("id").asString();
            for (int i = 0; i < 300; i++) {
                kafka.send("crm.events", caller.accountId().toString(),
                        api.eventJson(caller, Ids.newId(), "note.created", Map.of("object", "note", "n", i)));
            }
            kafka.flush();
            receiver.await(r -> true, 300, Duration.ofSeconds(60));
            second.await(r -> true, 300, Duration.ofSeconds(60));
            for (String endpoint : List.of(first, other)) {
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                long succeeded = 0;
                while (succeeded < 300 && System.nanoTime() < deadline) {
                    DispatcherApi.sleep(100);
                    succeeded = db.sql("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = :id AND status = 'succeeded'")
                            .bind("id", UUID.fromString(endpoint)).map(row -> row.get("n", Long.class)).one().block();
                }
                assertThat(succeeded).isEqualTo(300);
            }
        } finally {
            second.close();
        }
    }

    @Autowired
    SuccessRecorder successes;

    @Test
    void aSuccessRecordedUnderAnotherAccountTouchesNeitherTheDeliveryNorItsEndpoint() {
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        // Paused, the endpoint keeps its delivery queued and no worker touches it.
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
        api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
        JsonNode queued = api.awaitDeliveries(caller, endpoint, list -> list.size() == 1, Duration.ofSeconds(30)).get(0);
        db.sql("UPDATE webhook_endpoints SET consecutive_failures = 3 WHERE id = :id")
                .bind("id", UUID.fromString(endpoint)).then().block();

        StepVerifier.create(successes.record(claimed(Ids.newId(), queued), 200)).expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(api.deliveries(caller, endpoint).get(0).path("status").asString()).isEqualTo("pending");
        assertThat(failureStreak(endpoint)).isEqualTo(3);

        StepVerifier.create(successes.record(claimed(caller.accountId(), queued), 200)).expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(api.deliveries(caller, endpoint).get(0).path("status").asString()).isEqualTo("succeeded");
        assertThat(failureStreak(endpoint)).isZero();
    }

    /** The queued delivery as a worker would have claimed it, in {@code accountId}. */
    private static DeliveryQueue.Claimed claimed(UUID accountId, JsonNode delivery) {
        return new DeliveryQueue.Claimed(UUID.fromString(delivery.path("id").asString()), accountId,
                UUID.fromString(delivery.path("endpoint_id").asString()),
                UUID.fromString(delivery.path("event_id").asString()), 0, delivery.path("event_type").asString(),
                null, null, null, null, null, null, List.of(), null);
    }

    private int failureStreak(String endpoint) {
        return db.sql("SELECT consecutive_failures FROM webhook_endpoints WHERE id = :id")
                .bind("id", UUID.fromString(endpoint)).map(row -> row.get("consecutive_failures", Integer.class))
                .one().block();
    }

    @Test
    void aPausedEndpointKeepsItsDeliveriesAndSendsThemWhenResumed() {
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
        api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
        api.awaitDeliveries(caller, endpoint, list -> list.size() == 1, Duration.ofSeconds(30));
        DispatcherApi.sleep(1500);
        assertThat(receiver.received).isEmpty();
        assertThat(api.deliveries(caller, endpoint).get(0).path("status").asString()).isEqualTo("pending");

        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "active")).expectStatus().isOk();
        receiver.await(r -> true, 1, Duration.ofSeconds(10));
        assertThat(receiver.received).hasSize(1);
    }

    @Test
    void aDisabledEndpointGetsNoNewDeliveries() {
        String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "disabled")).expectStatus().isOk();
        api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
        api.events(caller, "", 1, Duration.ofSeconds(30));
        DispatcherApi.sleep(500);
        assertThat(api.deliveries(caller, endpoint)).isEmpty();
    }

    @Test
    void duringARotationEachDeliveryCarriesOneSignaturePerValidSecret() {
        JsonNode endpoint = api.endpoint(caller, receiver.url(), "*");
        String oldSecret = endpoint.path("secret").asString();
        String newSecret = api.body(api.post(caller, "/v1/webhooks/" + endpoint.path("id").asString() + "/rotate-secret",
                Map.of()), 200).path("data").path("secret").asString();
        api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
        WebhookReceiver.Received delivery = receiver.await(r -> true, 1, Duration.ofSeconds(30)).get(0);

        assertThat(delivery.header("X-Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");
        WebhookVerifier.of(oldSecret).verify(delivery.header("X-Service-Signature"), delivery.body());
        WebhookVerifier.of(newSecret).verify(delivery.header("X-Service-Signature"), delivery.body());

        advanceClock(Duration.ofHours(24).plusSeconds(1));
        try {
            api.publish(caller, "crm.events", "deal.lost", Map.of("object", "deal"));
            WebhookReceiver.Received later = receiver.await(r -> true, 2, Duration.ofSeconds(30)).get(1);
            assertThat(later.header("X-Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");
            WebhookVerifier.of(newSecret).verify(later.header("X-Service-Signature"), later.body());
            assertThat(WebhookVerifier.of(oldSecret).isValid(later.header("X-Service-Signature"), later.body())).isFalse();
        } finally {
            setClockOffset(0);
        }
    }

    @Test
    void metricsAreExposedForPrometheus() {
        api.endpoint(caller, receiver.url(), "*");
        api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
        receiver.await(r -> true, 1, Duration.ofSeconds(30));
        DispatcherApi.sleep(6000);
        String metrics = PrometheusScrape.scrape(environment);
        assertThat(metrics).contains("webhook_delivery_attempts_total{", "outcome=\"succeeded\"",
                "webhook_delivery_queue_depth", "webhook_delivery_latency_seconds", "webhook_delivery_attempt_duration_seconds",
                // The kit's and Kafka's: how far ingest is behind the topics, and the outbox of its own events
                // (its backlog, and its parked rows: ADR 0020).
                "kafka_consumer_fetch_manager_records_lag_max{", "outbox_backlog_rows{", "outbox_oldest_age_seconds{",
                "outbox_parked{", "outbox_parks_total{");
    }

    private void advanceClock(Duration by) {
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("advance_seconds", by.toSeconds())).exchange().expectStatus().isOk();
    }

    private void setClockOffset(long seconds) {
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("offset_seconds", seconds)).exchange().expectStatus().isOk();
    }
}
