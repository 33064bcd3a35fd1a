package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A worker that died mid-delivery loses nothing, and a URL that stopped being public is refused when delivering. */
@DispatcherTest
class LeaseRecoveryTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Test
    void aDeliveryLeftMidFlightByADeadWorkerIsTakenOverWhenItsLeaseRunsOut() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
            api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
            api.awaitDeliveries(caller, endpoint, list -> list.size() == 1, Duration.ofSeconds(30));
            // What a worker killed between claiming and recording leaves behind: delivering, under its lease.
            db.sql("UPDATE webhook_deliveries SET status = 'delivering', lease_until = :lease WHERE endpoint_id = :endpoint")
                    .bind("lease", Instant.now().plusSeconds(2)).bind("endpoint", UUID.fromString(endpoint)).then().block();
            api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "active")).expectStatus().isOk();
            DispatcherApi.sleep(1000);
            assertThat(receiver.received).isEmpty();

            List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                    list -> list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(30));
            assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(1);
            assertThat(receiver.received).hasSize(1);
        }
    }

    @Test
    void aUrlThatNowResolvesToAPrivateAddressIsRefusedAtDelivery() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        UUID account = Ids.newId();
        UUID operator = Ids.newId();
        Caller live = new Caller(account, operator, Environment.LIVE, Set.of("webhooks:read", "events:read"), null,
                ActorType.API, "key", null);
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // As if its DNS had changed since creation: the host now resolves to this machine.
            UUID endpoint = Ids.newId();
            db.sql("""
                    INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, enabled_events,
                        api_version, status, created_at, updated_at)
                    VALUES (:id, :account, :operator, 'live', :url, ARRAY['*'], '2026-11-01', 'active', now(), now())
                    """)
                    .bind("id", endpoint).bind("account", account).bind("operator", operator)
                    .bind("url", receiver.url().replace("http://", "https://"))
                    .then().block();
            db.sql("INSERT INTO webhook_secrets (id, endpoint_id, secret_sealed, created_at) VALUES (:id, :endpoint, :sealed, now())")
                    .bind("id", Ids.newId()).bind("endpoint", endpoint)
                    .bind("sealed", java.nio.ByteBuffer.wrap(com.storageplatform.kit.crypto.Sealed.seal(
                            java.util.Base64.getDecoder().decode("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
                            "whsec_test".getBytes())))
                    .then().block();
            api.publish(live, "crm.events", "deal.created", Map.of("object", "deal"));

            List<JsonNode> deliveries = api.awaitDeliveries(live, endpoint.toString(),
                    list -> !list.isEmpty() && list.get(0).path("attempts").asInt() >= 1, Duration.ofSeconds(30));
            assertThat(deliveries.get(0).path("last_error").asString()).contains("not public");
            assertThat(receiver.received).isEmpty();
        }
    }
}
