package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * 50 consecutive failures and no success in 7 days disable an endpoint; both must hold. An endpoint that never
 * succeeded counts its 7 days from its creation.
 */
@DispatcherTest
class AutoDisableTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    DispatcherApi api;
    WebhookReceiver failing;
    WebhookReceiver watcher;

    @BeforeEach
    void setUp() {
        api = new DispatcherApi(client, kafka, json);
        failing = new WebhookReceiver();
        failing.status.set(500);
        watcher = new WebhookReceiver();
    }

    @AfterEach
    void tearDown() {
        failing.close();
        watcher.close();
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("offset_seconds", 0)).exchange();
    }

    private int failures(String endpointId) {
        return db.sql("SELECT consecutive_failures FROM webhook_endpoints WHERE id = :id").bind("id", UUID.fromString(endpointId))
                .map(row -> row.get("consecutive_failures", Integer.class)).one().block();
    }

    private String status(Caller caller, String endpointId) {
        return api.body(api.get(caller, "/v1/webhooks/" + endpointId), 200).path("data").path("status").asString();
    }

    private void advanceClock(Duration by) {
        client.post().uri("/internal/clock").header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", by.toSeconds()))
                .exchange().expectStatus().isOk();
    }

    private void failSevenEvents(Caller caller) {
        for (int i = 0; i < 7; i++) {
            api.publish(caller, "crm.events", "task.created", Map.of("object", "task", "n", i));
        }
    }

    @Test
    void anEndpointThatNeverSucceededIsDisabledByFiftyFailuresOnlyOnceItIsSevenDaysOldAndTheOperatorAndOthersAreTold() {
        Caller caller = DispatcherApi.caller();
        String endpoint = api.endpoint(caller, failing.url(), "task.*").path("id").asString();
        String other = api.endpoint(caller, watcher.url(), "webhook_endpoint.disabled").path("id").asString();
        failSevenEvents(caller);

        // 56 failures and never a success, but a day old: its 7 days without a success have not passed.
        api.awaitDeliveries(caller, endpoint, list -> list.size() == 7 && list.stream()
                .allMatch(delivery -> delivery.path("status").asString().equals("exhausted")), Duration.ofSeconds(90));
        assertThat(failures(endpoint)).isGreaterThanOrEqualTo(50);
        assertThat(status(caller, endpoint)).isEqualTo("active");
        assertThat(watcher.received).isEmpty();

        advanceClock(Duration.ofDays(7).plusSeconds(1));
        api.publish(caller, "crm.events", "task.created", Map.of("object", "task"));
        WebhookReceiver.Received notice = watcher.await(r -> true, 1, Duration.ofSeconds(30)).get(0);
        assertThat(status(caller, endpoint)).isEqualTo("disabled");
        assertThat(failures(endpoint)).isGreaterThanOrEqualTo(50);
        JsonNode body = json.readTree(notice.body());
        assertThat(body.path("type").asString()).isEqualTo("webhook_endpoint.disabled");
        assertThat(body.path("data").path("object").asString()).isEqualTo("webhook_endpoint");
        assertThat(body.path("data").path("id").asString()).isEqualTo(endpoint);
        assertThat(body.path("data").path("status").asString()).isEqualTo("disabled");
        assertThat(status(caller, other)).isEqualTo("active");

        List<JsonNode> events = api.events(caller, "&type=webhook_endpoint.disabled", 1, Duration.ofSeconds(10));
        assertThat(events.get(0).path("actor_type").asString()).isEqualTo("platform_admin");
        String notification = db.sql("SELECT message FROM operator_notifications WHERE subject_id = :id")
                .bind("id", UUID.fromString(endpoint)).map(row -> row.get("message", String.class)).one().block();
        assertThat(notification).contains("disabled").contains(failing.url());

        int attemptsWhenDisabled = failing.received.size();
        DispatcherApi.sleep(2000);
        assertThat(failing.received.size()).isEqualTo(attemptsWhenDisabled);

        // Its unfinished deliveries would be retried (and fail) the moment it is active again: hold them back so
        // the count read is the one the PATCH left. An hour after the platform clock, which is a week ahead of
        // the database's now(): the worker compares with the platform clock.
        db.sql("UPDATE webhook_deliveries SET next_attempt_at = :later WHERE endpoint_id = :id")
                .bind("later", clock.instant().plus(Duration.ofHours(1)))
                .bind("id", UUID.fromString(endpoint)).then().block();
        api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "active")).expectStatus().isOk();
        assertThat(failures(endpoint)).isZero();
    }

    @Test
    void aSuccessInTheLastSevenDaysKeepsAFailingEndpointActiveUntilThoseDaysPass() {
        Caller caller = DispatcherApi.caller();
        failing.status.set(200);
        String endpoint = api.endpoint(caller, failing.url(), "task.*").path("id").asString();
        api.publish(caller, "crm.events", "task.completed", Map.of("object", "task"));
        failing.await(r -> true, 1, Duration.ofSeconds(30));
        api.awaitDeliveries(caller, endpoint, list -> list.get(0).path("status").asString().equals("succeeded"),
                Duration.ofSeconds(10));

        failing.status.set(500);
        failSevenEvents(caller);
        api.awaitDeliveries(caller, endpoint, list -> list.stream()
                .filter(delivery -> delivery.path("status").asString().equals("exhausted")).count() == 7, Duration.ofSeconds(90));
        assertThat(failures(endpoint)).isGreaterThanOrEqualTo(50);
        assertThat(status(caller, endpoint)).isEqualTo("active");

        advanceClock(Duration.ofDays(7).plusSeconds(1));
        api.publish(caller, "crm.events", "task.created", Map.of("object", "task"));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!status(caller, endpoint).equals("disabled") && System.nanoTime() < deadline) {
            DispatcherApi.sleep(200);
        }
        assertThat(status(caller, endpoint)).isEqualTo("disabled");
    }
}
