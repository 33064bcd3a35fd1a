package com.storageplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.CloudEvent;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.http.MediaType;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What the dispatcher's tests do again and again: endpoints through the API, events as services publish them. */
public final class DispatcherApi {

    private final WebTestClient client;
    private final KafkaTemplate<String, String> kafka;
    private final JsonMapper json;

    public DispatcherApi(WebTestClient client, KafkaTemplate<String, String> kafka, JsonMapper json) {
        this.client = client;
        this.kafka = kafka;
        this.json = json;
    }

    public static Caller caller() {
        return TestCallers.apiCaller("webhooks:read", "webhooks:write", "events:read");
    }

    public WebTestClient.ResponseSpec post(Caller caller, String path, Object body) {
        return client.post().uri(path).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec patch(Caller caller, String path, Object body) {
        return client.patch().uri(path).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec get(Caller caller, String path) {
        return client.get().uri(path).header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    public JsonNode body(WebTestClient.ResponseSpec response, int status) {
        String text = response.expectStatus().isEqualTo(status).expectBody(String.class).returnResult().getResponseBody();
        return json.readTree(text);
    }

    /** An endpoint's JSON (with its secret) for {@code url} subscribed to {@code events}. */
    public JsonNode endpoint(Caller caller, String url, String... events) {
        return body(post(caller, "/v1/webhooks", Map.of("url", url, "enabled_events", List.of(events))), 201).path("data");
    }

    /** Publishes an event on {@code topic} as a service's outbox relay would; returns its id. */
    public UUID publish(Caller caller, String topic, String type, Map<String, Object> data) {
        return publish(caller, topic, type, data, null);
    }

    /** Publishes an event with the {@code traceparent} header the relay gives it (none when null). */
    public UUID publish(Caller caller, String topic, String type, Map<String, Object> data, String traceparent) {
        UUID id = Ids.newId();
        CloudEvent event = new CloudEvent(CloudEvent.SPEC_VERSION, id, "/" + topic.replace(".events", ""), type,
                Instant.now(), "application/json", null, caller.accountId().toString(), caller.operatorId().toString(),
                caller.environment().value(), caller.actorType().value(), null, data);
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, caller.accountId().toString(),
                json.writeValueAsString(event));
        CloudEvent.putType(record.headers(), type);
        TraceContextCarrier.put(record.headers(), traceparent);
        kafka.send(record).join();
        return id;
    }

    /** Sends the same record again, as Kafka may after a rebalance. */
    public void publishRaw(String topic, String key, String value) {
        kafka.send(topic, key, value).join();
    }

    /** Sends a record as given, its type header (the relay's {@link CloudEvent#TYPE_HEADER}) naming {@code type}. */
    public void publishRaw(String topic, String key, String value, String type) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        CloudEvent.putType(record.headers(), type);
        kafka.send(record).join();
    }

    public String eventJson(Caller caller, UUID id, String type, Map<String, Object> data) {
        return json.writeValueAsString(new CloudEvent(CloudEvent.SPEC_VERSION, id, "/billing", type, Instant.now(),
                "application/json", null, caller.accountId().toString(), caller.operatorId().toString(),
                caller.environment().value(), caller.actorType().value(), null, data));
    }

    /** The account's events of the feed, waiting up to {@code timeout} for {@code count} of them. */
    public List<JsonNode> events(Caller caller, String query, int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> events = List.of();
        while (System.nanoTime() < deadline) {
            events = new ArrayList<>();
            for (JsonNode event : body(get(caller, "/v1/events?limit=100" + query), 200).path("data")) {
                events.add(event);
            }
            if (events.size() >= count) {
                return events;
            }
            sleep(50);
        }
        return events;
    }

    /**
     * Every item of a list, walking its pages of {@code limit} with the cursor each page gives; {@code query} is the
     * list's path with its filters ({@code /v1/events?type=deal.won}). Asserts each page's size and
     * {@code has_more} on the way.
     */
    public List<JsonNode> walk(Caller caller, String query, int limit) {
        List<JsonNode> items = new ArrayList<>();
        String separator = query.contains("?") ? "&" : "?";
        String cursor = null;
        boolean more = true;
        while (more) {
            JsonNode page = body(get(caller, query + separator + "limit=" + limit
                    + (cursor == null ? "" : "&cursor=" + cursor)), 200);
            page.path("data").forEach(items::add);
            JsonNode meta = page.path("meta").path("cursor");
            more = meta.path("has_more").asBoolean();
            if (more) {
                assertThat(page.path("data").size()).as("a page of " + query + " with more after it").isEqualTo(limit);
            } else {
                assertThat(page.path("data").size()).as("the last page of " + query).isBetween(0, limit);
            }
            cursor = meta.path("next").isString() ? meta.path("next").asString() : null;
            assertThat(cursor != null).as("a next cursor exactly when there is more").isEqualTo(more);
        }
        return items;
    }

    public List<JsonNode> deliveries(Caller caller, String endpointId) {
        List<JsonNode> deliveries = new ArrayList<>();
        body(get(caller, "/v1/webhooks/" + endpointId + "/deliveries?limit=100"), 200).path("data").forEach(deliveries::add);
        return deliveries;
    }

    /** Waits until the endpoint's deliveries satisfy {@code done}; returns them. */
    public List<JsonNode> awaitDeliveries(Caller caller, String endpointId, java.util.function.Predicate<List<JsonNode>> done,
            Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> deliveries = deliveries(caller, endpointId);
        while (!done.test(deliveries) && System.nanoTime() < deadline) {
            sleep(100);
            deliveries = deliveries(caller, endpointId);
        }
        assertThat(done.test(deliveries)).as("deliveries of " + endpointId + ": " + deliveries).isTrue();
        return deliveries;
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
