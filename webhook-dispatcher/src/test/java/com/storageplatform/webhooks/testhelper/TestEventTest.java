package com.storageplatform.webhooks.testhelper;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A test account can trigger any public event; it travels the whole way: outbox, Kafka, log, delivery. */
@DispatcherTest
class TestEventTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Test
    void aTriggeredEventIsLoggedAndDelivered() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            api.endpoint(caller, receiver.url(), "payment.*");
            JsonNode triggered = api.body(api.post(caller, "/v1/test-helpers/events", Map.of("type", "payment.failed",
                    "data", Map.of("object", "payment", "amount_minor", 100))), 201).path("data");
            JsonNode delivered = json.readTree(receiver.await(r -> true, 1, Duration.ofSeconds(30)).get(0).body());
            assertThat(delivered.path("id").asString()).isEqualTo(triggered.path("id").asString());
            assertThat(delivered.path("type").asString()).isEqualTo("payment.failed");
            assertThat(delivered.path("data").path("amount_minor").asInt()).isEqualTo(100);
            assertThat(api.body(api.get(caller, "/v1/events/" + triggered.path("id").asString()), 200)
                    .path("data").path("type").asString()).isEqualTo("payment.failed");
        }
    }

    @Test
    void onlyTestAccountsAndPublicTypesWithAnObject() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller live = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE, Set.of("webhooks:write"), null,
                ActorType.API, "key", null);
        api.post(live, "/v1/test-helpers/events", Map.of("type", "payment.failed", "data", Map.of("object", "payment")))
                .expectStatus().isNotFound();
        Caller test = DispatcherApi.caller();
        JsonNode error = api.body(api.post(test, "/v1/test-helpers/events",
                Map.of("type", "site.created", "data", Map.of("id", 1))), 422).path("error");
        assertThat(error.path("details").valueStream().map(d -> d.path("field").asString()).toList())
                .containsExactly("type", "data.object");
    }
}
