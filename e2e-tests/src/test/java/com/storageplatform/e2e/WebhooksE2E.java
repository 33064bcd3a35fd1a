package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.signature.WebhookVerifier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Signed webhooks end to end: from an API call through the gateway, Kafka and the dispatcher to a receiver. */
class WebhooksE2E {

    private final DevStack stack = Stack.get();

    private static JsonNode body(WebhookReceiver.Received received) {
        return Http.JSON.readTree(received.body());
    }

    @Test
    void aDeliveryIsSignedDocumentedAndCarriesTheFeedsEventId() {
        Webhooks webhooks = new Webhooks(stack, "Signed Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = webhooks.endpoint(receiver.url(), "payment.*");
            String id = webhooks.trigger("payment.succeeded", Map.of("object", "payment", "amount_minor", 3300,
                    "currency", "GBP"));

            WebhookReceiver.Received delivery = receiver.await(r -> true, 1, Duration.ofSeconds(60)).get(0);
            WebhookVerifier.of(endpoint.path("secret").asString()).verify(delivery.header("X-Service-Signature"),
                    delivery.body());
            assertThat(delivery.header("Content-Type")).startsWith("application/json");
            assertThat(delivery.header("User-Agent")).isEqualTo("Service-Webhooks/1.0");
            assertThat(delivery.header("Service-Delivery")).matches("[0-9a-f-]{36}");
            JsonNode body = body(delivery);
            assertThat(body.propertyNames()).containsExactly("id", "type", "api_version", "created", "data");
            assertThat(body.path("id").asString()).isEqualTo(id);
            assertThat(body.path("data").path("amount_minor").asInt()).isEqualTo(3300);

            Http.Response feed = Http.get(webhooks.url("/v1/events/" + id), webhooks.key);
            assertThat(feed.status()).isEqualTo(200);
            assertThat(feed.data().path("id").asString()).isEqualTo(id);
            assertThat(feed.data().path("type").asString()).isEqualTo("payment.succeeded");
            assertThat(feed.data().path("created").asString()).isEqualTo(body.path("created").asString());
        }
    }

    @Test
    void eachEndpointGetsWhatItsEnabledEventsMatch() {
        Webhooks webhooks = new Webhooks(stack, "Wildcards Ltd");
        try (WebhookReceiver payments = new WebhookReceiver(); WebhookReceiver paid = new WebhookReceiver();
                WebhookReceiver everything = new WebhookReceiver()) {
            webhooks.endpoint(payments.url(), "payment.*");
            webhooks.endpoint(paid.url(), "invoice.paid");
            webhooks.endpoint(everything.url(), "*");
            webhooks.trigger("payment.succeeded", Map.of("object", "payment"));
            webhooks.trigger("invoice.paid", Map.of("object", "invoice"));
            webhooks.trigger("deal.won", Map.of("object", "deal"));

            everything.await(r -> true, 3, Duration.ofSeconds(60));
            Webhooks.sleep(1000);
            assertThat(payments.received).extracting(r -> body(r).path("type").asString()).containsExactly("payment.succeeded");
            assertThat(paid.received).extracting(r -> body(r).path("type").asString()).containsExactly("invoice.paid");
            assertThat(everything.received).hasSize(3);
        }
    }

    @Test
    void aFailingReceiverIsRetriedUntilExhaustedAndARedeliveryAtTheCapGetsOneMoreAttempt() {
        Webhooks webhooks = new Webhooks(stack, "Retries Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.status.set(500);
            String endpoint = webhooks.endpoint(receiver.url(), "task.*").path("id").asString();
            webhooks.trigger("task.created", Map.of("object", "task"));
            List<JsonNode> deliveries = webhooks.awaitDeliveries(endpoint,
                    list -> !list.isEmpty() && list.get(0).path("status").asString().equals("exhausted"), Duration.ofSeconds(120));
            assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(8);
            assertThat(receiver.received).hasSize(8);

            Http.Response redelivered = Http.post(webhooks.url("/v1/webhooks/" + endpoint + "/redeliver"), webhooks.key,
                    Map.of("delivery_id", deliveries.get(0).path("id").asString()));
            assertThat(redelivered.status()).isEqualTo(200);
            webhooks.awaitDeliveries(endpoint, list -> list.get(0).path("attempts").asInt() == 9
                    && list.get(0).path("status").asString().equals("exhausted"), Duration.ofSeconds(30));
            Webhooks.sleep(1000);
            assertThat(receiver.received).hasSize(9);
        }
    }

    @Test
    void anEndpointFailingFiftyTimesIsDisabledAndTheOtherEndpointsAreTold() {
        Webhooks webhooks = new Webhooks(stack, "Disable Ltd");
        try (WebhookReceiver failing = new WebhookReceiver(); WebhookReceiver watcher = new WebhookReceiver()) {
            failing.status.set(503);
            String endpoint = webhooks.endpoint(failing.url(), "note.*").path("id").asString();
            webhooks.endpoint(watcher.url(), "webhook_endpoint.disabled");
            // An endpoint that never succeeded has had "no success in 7 days" only once it is 7 days old.
            Admin admin = new Admin(stack);
            admin.moveClock(8 * 24 * 3600);
            JsonNode notice;
            try {
                for (int i = 0; i < 7; i++) {
                    webhooks.trigger("note.created", Map.of("object", "note", "n", i));
                }
                notice = body(watcher.await(r -> true, 1, Duration.ofSeconds(120)).get(0));
            } finally {
                admin.moveClock(0);
            }
            assertThat(notice.path("type").asString()).isEqualTo("webhook_endpoint.disabled");
            assertThat(notice.path("data").path("id").asString()).isEqualTo(endpoint);
            assertThat(webhooks.endpointState(endpoint).path("status").asString()).isEqualTo("disabled");

            Http.Response reactivated = Http.patch(webhooks.url("/v1/webhooks/" + endpoint), webhooks.key,
                    Map.of("status", "active"));
            assertThat(reactivated.data().path("status").asString()).isEqualTo("active");
        }
    }

    @Test
    void aPausedEndpointQueuesItsDeliveriesAndSendsThemWhenResumed() {
        Webhooks webhooks = new Webhooks(stack, "Pause Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String endpoint = webhooks.endpoint(receiver.url(), "*").path("id").asString();
            assertThat(Http.patch(webhooks.url("/v1/webhooks/" + endpoint), webhooks.key, Map.of("status", "paused"))
                    .status()).isEqualTo(200);
            webhooks.trigger("contact.created", Map.of("object", "contact"));
            webhooks.awaitDeliveries(endpoint, list -> list.size() == 1, Duration.ofSeconds(60));
            Webhooks.sleep(1500);
            assertThat(receiver.received).isEmpty();

            Http.patch(webhooks.url("/v1/webhooks/" + endpoint), webhooks.key, Map.of("status", "active"));
            assertThat(receiver.await(r -> true, 1, Duration.ofSeconds(30))).hasSize(1);
        }
    }

    @Test
    void duringASecretRotationDeliveriesCarryBothSignatures() {
        Webhooks webhooks = new Webhooks(stack, "Rotation Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = webhooks.endpoint(receiver.url(), "*");
            Http.Response rotated = Http.post(webhooks.url("/v1/webhooks/" + endpoint.path("id").asString()
                    + "/rotate-secret"), webhooks.key, Map.of());
            String newSecret = rotated.data().path("secret").asString();
            webhooks.trigger("deal.created", Map.of("object", "deal"));

            WebhookReceiver.Received delivery = receiver.await(r -> true, 1, Duration.ofSeconds(60)).get(0);
            assertThat(delivery.header("X-Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");
            WebhookVerifier.of(endpoint.path("secret").asString()).verify(delivery.header("X-Service-Signature"),
                    delivery.body());
            WebhookVerifier.of(newSecret).verify(delivery.header("X-Service-Signature"), delivery.body());
        }
    }
}
