package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.signature.WebhookVerifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** An operator's webhook setup through the gateway, as an integration would drive it. */
final class Webhooks {

    private final DevStack stack;
    final Admin.Operator operator;
    final String key;

    Webhooks(DevStack stack, String operatorName) {
        this.stack = stack;
        Admin admin = new Admin(stack);
        this.operator = admin.newOperator(operatorName);
        this.key = admin.apiKey(operator, "test", "webhooks:read", "webhooks:write", "events:read");
    }

    String url(String path) {
        return stack.gatewayUrl() + path;
    }

    JsonNode endpoint(String receiverUrl, String... events) {
        Http.Response created = Http.post(url("/v1/webhooks"), key,
                Map.of("url", receiverUrl, "enabled_events", List.of(events)));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        return created.data();
    }

    /** Triggers a public event through the test helper: the API mutation that causes it. */
    String trigger(String type, Map<String, Object> data) {
        Http.Response triggered = Http.post(url("/v1/test-helpers/events"), key, Map.of("type", type, "data", data));
        assertThat(triggered.status()).as(triggered.body().toString()).isEqualTo(201);
        return triggered.data().path("id").asString();
    }

    List<JsonNode> deliveries(String endpointId) {
        List<JsonNode> deliveries = new ArrayList<>();
        Http.get(url("/v1/webhooks/" + endpointId + "/deliveries?limit=100"), key).data().forEach(deliveries::add);
        return deliveries;
    }

    List<JsonNode> awaitDeliveries(String endpointId, Predicate<List<JsonNode>> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> deliveries = deliveries(endpointId);
        while (!done.test(deliveries) && System.nanoTime() < deadline) {
            sleep(200);
            deliveries = deliveries(endpointId);
        }
        assertThat(done.test(deliveries)).as("deliveries: " + deliveries).isTrue();
        return deliveries;
    }

    JsonNode endpointState(String endpointId) {
        return Http.get(url("/v1/webhooks/" + endpointId), key).data();
    }

    /**
     * The types of the events {@code receiver} got, once each, in order of first arrival, once every expected type
     * has arrived (or {@code wait} is spent); each delivery's signature is verified with the endpoint's
     * {@code secret}. Delivery is at least once, so a receiver dedupes on the event id, as this one does: a delivery
     * retried after a slow answer is the same event, not a second one.
     */
    static List<String> deliveredTypes(WebhookReceiver receiver, String secret,
            List<String> expected, Duration wait) {
        WebhookVerifier verifier = WebhookVerifier.of(secret);
        long deadline = System.nanoTime() + wait.toNanos();
        Map<String, String> typesById = new LinkedHashMap<>();
        do {
            typesById.clear();
            for (WebhookReceiver.Received delivery
                    : receiver.await(r -> true, 0, Duration.ZERO)) {
                verifier.verify(delivery.header("X-Service-Signature"), delivery.body());
                JsonNode event = Http.JSON.readTree(delivery.body());
                typesById.putIfAbsent(event.path("id").asString(), event.path("type").asString());
            }
            if (!typesById.values().containsAll(expected)) {
                sleep(200);
            }
        } while (!typesById.values().containsAll(expected) && System.nanoTime() < deadline);
        return new ArrayList<>(typesById.values());
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
