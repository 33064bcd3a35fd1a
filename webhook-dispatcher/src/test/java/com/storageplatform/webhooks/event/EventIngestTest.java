package com.storageplatform.webhooks.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The event log and feed, fed from Kafka: public names, internal events kept out, and one event per id. */
@DispatcherTest
class EventIngestTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

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
    void aPublicEventAppearsInTheFeedUnderItsPublicName() {
        UUID finalized = api.publish(caller, "billing.events", "invoice.issued",
                Map.of("id", "inv_1", "object", "invoice", "total_minor", 3300, "currency", "GBP"));
        UUID paid = api.publish(caller, "billing.events", "payment.succeeded", Map.of("object", "payment"));

        List<JsonNode> events = api.events(caller, "", 2, Duration.ofSeconds(30));
        assertThat(events).extracting(event -> event.path("id").asString())
                .containsExactly(paid.toString(), finalized.toString());
        JsonNode invoice = events.get(1);
        assertThat(invoice.path("object").asString()).isEqualTo("event");
        assertThat(invoice.path("type").asString()).isEqualTo("invoice.finalized");
        assertThat(invoice.path("actor_type").asString()).isEqualTo("api");
        assertThat(invoice.path("api_version").asString()).isNotEmpty();
        assertThat(invoice.path("created").asString()).endsWith("Z");
        assertThat(invoice.path("data").path("object").asString()).isEqualTo("invoice");
        assertThat(invoice.path("data").path("total_minor").asInt()).isEqualTo(3300);

        JsonNode one = api.body(api.get(caller, "/v1/events/" + finalized), 200).path("data");
        assertThat(one).isEqualTo(invoice);
        api.get(DispatcherApi.caller(), "/v1/events/" + finalized).expectStatus().isNotFound();
    }

    @Test
    void internalAndNeverPublishedEventsStayOutOfTheFeed() {
        api.publish(caller, "catalogue.events", "site.created", Map.of("object", "site"));
        api.publish(caller, "billing.events", "refund.created", Map.of("object", "refund"));
        api.publish(caller, "billing.events", "deposit.paid", Map.of("object", "deposit"));
        UUID refund = api.publish(caller, "billing.events", "refund.recorded", Map.of("object", "payment",
                "direction", "refund"));
        UUID last = api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));

        List<JsonNode> events = api.events(caller, "", 2, Duration.ofSeconds(30));
        DispatcherApi.sleep(500);
        events = api.events(caller, "", 2, Duration.ofSeconds(1));
        assertThat(events).extracting(event -> event.path("type").asString())
                .containsExactly("deal.created", "payment.refunded");
        assertThat(events).extracting(event -> event.path("id").asString()).containsExactly(last.toString(), refund.toString());
    }

    @Test
    void aRedeliveredRecordIsOneEventAndOneDeliveryPerEndpoint() {
        String first = api.endpoint(caller, receiver.url(), "payment.*").path("id").asString();
        String second = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        UUID id = UUID.randomUUID();
        id = com.storageplatform.kit.id.Ids.newId();
        String record = api.eventJson(caller, id, "payment.succeeded", Map.of("object", "payment"));
        for (int i = 0; i < 3; i++) {
            api.publishRaw("billing.events", caller.accountId().toString(), record);
        }
        receiver.await(r -> true, 2, Duration.ofSeconds(30));
        DispatcherApi.sleep(1500);

        assertThat(api.events(caller, "", 1, Duration.ofSeconds(5))).hasSize(1);
        assertThat(api.deliveries(caller, first)).hasSize(1);
        assertThat(api.deliveries(caller, second)).hasSize(1);
        assertThat(receiver.received).hasSize(2);
    }

    @Test
    void theFeedFiltersByTypeAndCreatedRangeAndRefusesBadFilters() {
        api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
        Instant between = Instant.now();
        DispatcherApi.sleep(20);
        api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"));
        api.events(caller, "", 2, Duration.ofSeconds(30));

        assertThat(api.events(caller, "&type=deal.won", 1, Duration.ofSeconds(5)))
                .extracting(event -> event.path("type").asString()).containsExactly("deal.won");
        assertThat(api.events(caller, "&created[gte]=" + between, 1, Duration.ofSeconds(5)))
                .extracting(event -> event.path("type").asString()).containsExactly("deal.won");
        assertThat(api.events(caller, "&created[lt]=" + between, 1, Duration.ofSeconds(5)))
                .extracting(event -> event.path("type").asString()).containsExactly("deal.created");

        for (String bad : List.of("type=site.created", "created[gte]=yesterday", "limit=0")) {
            String field = bad.substring(0, bad.indexOf('='));
            JsonNode error = api.body(api.get(caller, "/v1/events?" + bad), 400).path("error");
            assertThat(error.path("details").get(0).path("field").asString()).isEqualTo(field);
        }
        api.get(caller, "/v1/events/not-an-id").expectStatus().isNotFound();
    }
}
