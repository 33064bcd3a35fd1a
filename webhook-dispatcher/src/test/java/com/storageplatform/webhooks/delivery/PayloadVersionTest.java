package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import com.storageplatform.webhooks.payload.ApiVersions;
import com.storageplatform.webhooks.payload.PayloadVersion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** An endpoint pinned to an older payload version receives that version's shape; the newest stays as it is. */
@DispatcherTest
class PayloadVersionTest {

    /** A synthetic older version, as the next breaking change would add: it called {@code amount_minor} "amount". */
    @TestConfiguration
    static class OlderVersion {
        @Bean
        PayloadVersion version20250601() {
            return new PayloadVersion() {
                @Override
                public String version() {
                    return "2025-06-01";
                }

                @Override
                public ObjectNode downgrade(String eventType, ObjectNode data) {
                    if (data.has("amount_minor")) {
                        data.set("amount", data.remove("amount_minor"));
                    }
                    return data;
                }
            };
        }
    }

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Test
    void eachEndpointGetsThePayloadOfItsPinnedVersion() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        try (WebhookReceiver latest = new WebhookReceiver(); WebhookReceiver pinned = new WebhookReceiver()) {
            api.endpoint(caller, latest.url(), "payment.*");
            JsonNode old = api.body(api.post(caller, "/v1/webhooks", Map.of("url", pinned.url(),
                    "enabled_events", List.of("payment.*"), "api_version", "2025-06-01")), 201).path("data");
            assertThat(old.path("api_version").asString()).isEqualTo("2025-06-01");
            api.publish(caller, "billing.events", "payment.succeeded",
                    Map.of("object", "payment", "amount_minor", 3300, "currency", "GBP"));

            JsonNode newest = json.readTree(latest.await(r -> true, 1, Duration.ofSeconds(30)).get(0).body());
            JsonNode older = json.readTree(pinned.await(r -> true, 1, Duration.ofSeconds(30)).get(0).body());
            assertThat(newest.path("api_version").asString()).isEqualTo(ApiVersions.LATEST);
            assertThat(newest.path("data").path("amount_minor").asInt()).isEqualTo(3300);
            assertThat(older.path("api_version").asString()).isEqualTo("2025-06-01");
            assertThat(older.path("data").has("amount_minor")).isFalse();
            assertThat(older.path("data").path("amount").asInt()).isEqualTo(3300);
            assertThat(older.path("id").asString()).isEqualTo(newest.path("id").asString());
        }
    }
}
