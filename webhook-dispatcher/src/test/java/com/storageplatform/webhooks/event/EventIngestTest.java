package com.storageplatform.webhooks.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.consumer.PipelinedConsumer;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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

    @Autowired
    PipelinedConsumer<EventIngest.Poll> ingest;

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
    void aRecordWhoseTypeHeaderNamesAnInternalTypeIsPassedOverUnread() {
        // The envelope alone would be logged: only the header, read before the record is parsed, keeps it out.
        UUID unread = Ids.newId();
        api.publishRaw("billing.events", caller.accountId().toString(),
                api.eventJson(caller, unread, "payment.succeeded", Map.of("object", "payment")), "refund.created");
        UUID last = api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));

        api.events(caller, "", 1, Duration.ofSeconds(30));
        DispatcherApi.sleep(500);
        assertThat(api.events(caller, "", 2, Duration.ofSeconds(1))).extracting(event -> event.path("id").asString())
                .containsExactly(last.toString());
    }

    @Test
    void aRedeliveredRecordIsOneEventAndOneDeliveryPerEndpoint() {
        String first = api.endpoint(caller, receiver.url(), "payment.*").path("id").asString();
        String second = api.endpoint(caller, receiver.url(), "*").path("id").asString();
        UUID id = Ids.newId();
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

    @Test
    void eventsPublishedWhileTheEventLogCannotBeWrittenAllArriveExactlyOnceWhenItCanAgain() throws Exception {
        String endpoint = api.endpoint(caller, receiver.url(), "deal.*").path("id").asString();
        // The dispatcher is reading the topic (a new topic is only found on its next metadata refresh).
        String warmUp = api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal")).toString();
        api.events(caller, "", 1, Duration.ofSeconds(30));
        List<String> published = new ArrayList<>(List.of(warmUp));
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.getProducerFactory().getConfigurationProperties().get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)))) {
            // Everything on the topic so far is stored, and its offsets are committed.
            Map<TopicPartition, Long> stored = endOffsets(admin, "crm.events");
            awaitCommitted(admin, stored);
            // As good as PostgreSQL being down for the ingest: every attempt at storing a poll fails.
            db.sql("ALTER TABLE events RENAME TO events_unavailable").then().block();
            try {
                for (int i = 0; i < 19; i++) {
                    published.add(api.publish(caller, "crm.events", "deal.created",
                            Map.of("object", "deal", "n", i)).toString());
                }
                // Long past Spring Kafka's default handling (ten quick retries, then the batch is skipped), and
                // past the pipeline's depth, so the listener has been paused.
                DispatcherApi.sleep(4000);
                assertThat(db.sql("SELECT count(*) AS n FROM events_unavailable WHERE account_id = :account")
                        .bind("account", caller.accountId()).map(row -> row.get("n", Long.class)).one().block())
                        .as("only the event from before").isOne();
                assertThat(committed(admin, stored.keySet())).as("no offset committed past an event not stored")
                        .isEqualTo(stored);
            } finally {
                db.sql("ALTER TABLE events_unavailable RENAME TO events").then().block();
            }
        }

        List<JsonNode> events = api.events(caller, "", published.size(), Duration.ofSeconds(60));
        assertThat(events).extracting(event -> event.path("id").asString())
                .containsExactlyInAnyOrderElementsOf(published);
        api.awaitDeliveries(caller, endpoint, list -> list.size() == published.size() && list.stream()
                .allMatch(delivery -> delivery.path("status").asString().equals("succeeded")), Duration.ofSeconds(30));
        assertThat(receiver.received).extracting(delivery -> json.readTree(delivery.body()).path("id").asString())
                .containsExactlyInAnyOrderElementsOf(published);
    }

    private static Map<TopicPartition, Long> endOffsets(Admin admin, String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
                .forEach(partition -> latest.put(new TopicPartition(topic, partition.partition()), OffsetSpec.latest()));
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listOffsets(latest).all().get().forEach((partition, info) -> offsets.put(partition, info.offset()));
        return offsets;
    }

    /** The dispatcher's committed offsets of {@code partitions} (0 where none is committed yet). */
    private Map<TopicPartition, Long> committed(Admin admin, Set<TopicPartition> partitions) throws Exception {
        String group = ingest.groupId();
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata().get();
        Map<TopicPartition, Long> offsets = new HashMap<>();
        partitions.forEach(partition -> offsets.put(partition,
                committed.get(partition) == null ? 0L : committed.get(partition).offset()));
        return offsets;
    }

    private void awaitCommitted(Admin admin, Map<TopicPartition, Long> offsets) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!committed(admin, offsets.keySet()).equals(offsets) && System.nanoTime() < deadline) {
            DispatcherApi.sleep(100);
        }
        assertThat(committed(admin, offsets.keySet())).as("offsets committed once stored").isEqualTo(offsets);
    }

    @Test
    void aMalformedRecordIsSkippedAndTheRestOfItsBatchIsStored() {
        UUID first = Ids.newId();
        UUID last = Ids.newId();
        List<String> records = List.of(
                api.eventJson(caller, first, "deal.created", Map.of("object", "deal")),
                withField(api.eventJson(caller, Ids.newId(), "deal.won", Map.of("object", "deal")), "accountid",
                        "not-an-account"),
                withField(api.eventJson(caller, Ids.newId(), "deal.won", Map.of("object", "deal")), "operatorid",
                        caller.operatorId().toString().toUpperCase()),
                // PostgreSQL cannot hold a NUL in jsonb: stored, it would fail the batch however often it is tried.
                api.eventJson(caller, Ids.newId(), "deal.lost", Map.of("object", "deal", "note", "a\0b")),
                "not JSON at all",
                api.eventJson(caller, last, "deal.created", Map.of("object", "deal")));
        // Sent together, so they reach the dispatcher in one poll.
        records.forEach(record -> kafka.send("crm.events", caller.accountId().toString(), record));
        kafka.flush();

        api.events(caller, "", 2, Duration.ofSeconds(30));
        DispatcherApi.sleep(500);
        assertThat(api.events(caller, "", 2, Duration.ofSeconds(1))).extracting(event -> event.path("id").asString())
                .containsExactly(last.toString(), first.toString());
    }

    private String withField(String record, String field, String value) {
        ObjectNode event = (ObjectNode) json.readTree(record);
        event.put(field, value);
        return json.writeValueAsString(event);
    }

    @Test
    void theFeedIsWalkedPageByPageWithItsCursorUnderATypeFilter() {
        List<String> won = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            won.add(0, api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal", "n", i)).toString());
            api.publish(caller, "crm.events", "deal.lost", Map.of("object", "deal", "n", i));
        }
        api.events(caller, "", 14, Duration.ofSeconds(30));

        List<JsonNode> walked = api.walk(caller, "/v1/events?type=deal.won", 3);
        assertThat(walked).extracting(event -> event.path("id").asString()).containsExactlyElementsOf(won);

        // A cursor answers only the list it was issued for.
        String cursor = api.body(api.get(caller, "/v1/events?type=deal.won&limit=3"), 200)
                .path("meta").path("cursor").path("next").asString();
        JsonNode error = api.body(api.get(caller, "/v1/events?type=deal.lost&limit=3&cursor=" + cursor), 400).path("error");
        assertThat(error.path("details").get(0).path("field").asString()).isEqualTo("cursor");
    }

    @Test
    void createdGtLeavesTheBoundaryOutAndCreatedLteTakesItIn() {
        for (int i = 0; i < 3; i++) {
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal", "n", i));
            DispatcherApi.sleep(5);
        }
        List<JsonNode> events = api.events(caller, "", 3, Duration.ofSeconds(30));
        List<String> ids = events.stream().map(event -> event.path("id").asString()).toList();
        String boundary = events.get(1).path("created").asString();

        assertThat(api.events(caller, "&created[gt]=" + boundary, 1, Duration.ofSeconds(5)))
                .extracting(event -> event.path("id").asString()).containsExactly(ids.get(0));
        assertThat(api.events(caller, "&created[lte]=" + boundary, 2, Duration.ofSeconds(5)))
                .extracting(event -> event.path("id").asString()).containsExactly(ids.get(1), ids.get(2));
    }

    @Test
    void aSiteRestrictedCredentialsFeedLeavesOutTheEventsOfOtherSites() {
        UUID own = Ids.newId();
        UUID other = Ids.newId();
        Caller restricted = TestCallers.restrictedTo(caller, own);
        UUID atOwn = api.publish(caller, "commerce.events", "agreement.created",
                Map.of("object", "agreement", "site_id", own.toString()));
        UUID atOther = api.publish(caller, "commerce.events", "agreement.created",
                Map.of("object", "agreement", "site_id", other.toString()));
        UUID noSite = api.publish(caller, "commerce.events", "contact.created", Map.of("object", "contact"));
        UUID everySite = api.publish(caller, "crm.events", "deal.created",
                Map.of("object", "deal", "site_ids", List.of()));
        UUID otherSites = api.publish(caller, "crm.events", "deal.created",
                Map.of("object", "deal", "site_ids", List.of(other.toString())));
        UUID bothSites = api.publish(caller, "crm.events", "deal.created",
                Map.of("object", "deal", "site_ids", List.of(other.toString(), own.toString())));
        assertThat(api.events(caller, "", 6, Duration.ofSeconds(30))).hasSize(6);

        assertThat(api.events(restricted, "", 4, Duration.ofSeconds(5)))
                .extracting(event -> event.path("id").asString())
                .containsExactly(bothSites.toString(), everySite.toString(), noSite.toString(), atOwn.toString());
        assertThat(api.events(restricted, "&type=agreement.created", 1, Duration.ofSeconds(5)))
                .extracting(event -> event.path("id").asString()).containsExactly(atOwn.toString());
        for (UUID hidden : List.of(atOther, otherSites)) {
            api.get(restricted, "/v1/events/" + hidden).expectStatus().isNotFound();
            api.get(caller, "/v1/events/" + hidden).expectStatus().isOk();
        }
        api.get(restricted, "/v1/events/" + atOwn).expectStatus().isOk();
        api.get(restricted, "/v1/events/" + noSite).expectStatus().isOk();
    }
}
