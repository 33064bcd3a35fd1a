package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code site.created} and {@code site.updated} reach topic {@code catalogue.events} through the outbox, keyed by
 * account, with the site's API shape as {@code data}; a refused or empty change publishes nothing.
 */
@PlatformTest
class SiteEventsTest {

    static final String TOPIC = "catalogue.events";
    static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    SiteApi api;
    TestEvents events;
    final Caller caller = SiteApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new SiteApi(client, json);
        events = TestEvents.on(TOPIC);
    }

    @AfterEach
    void tearDown() {
        events.close();
    }

    private List<JsonNode> await(String type, String siteId, int count) {
        return events.await(record -> isAbout(record, type, siteId), count, WAIT).stream()
                .map(record -> json.readTree(record.value())).toList();
    }

    private boolean isAbout(ConsumerRecord<String, String> record, String type, String siteId) {
        JsonNode event = json.readTree(record.value());
        return type.equals(event.path("type").asString()) && siteId.equals(event.path("subject").asString());
    }

    private long outboxRows(String siteId) {
        return db.sql("SELECT count(*) AS n FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id")
                .bind("id", siteId)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    @Test
    void creatingASitePublishesSiteCreatedWithTheSiteAsData() {
        JsonNode site = api.create(caller, """
                {"name": "Evented", "timezone": "Europe/London", "amenities": ["wifi", "cctv"],
                 "address": {"line1": "1 Quay Street", "city": "Bristol", "postcode": "BS1 4DJ", "country": "GB"}}
                """);
        String id = site.get("id").asString();

        List<ConsumerRecord<String, String>> records =
                events.await(record -> isAbout(record, "site.created", id), 1, WAIT);

        assertThat(records).hasSize(1);
        assertThat(records.get(0).key()).isEqualTo(caller.accountId().toString());
        JsonNode event = json.readTree(records.get(0).value());
        assertThat(event.get("source").asString()).isEqualTo("/catalogue");
        assertThat(event.get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(event.get("environment").asString()).isEqualTo("test");
        assertThat(event.get("data")).isEqualTo(site);
    }

    @Test
    void updatingASitePublishesSiteUpdatedWithTheSiteAsItNowIs() {
        String id = api.createNamed(caller, "Before").get("id").asString();

        JsonNode updated = api.updated(caller, id, """
                {"name": "After", "status": "archived"}
                """);

        List<JsonNode> published = await("site.updated", id, 1);
        assertThat(published).hasSize(1);
        assertThat(published.get(0).get("data")).isEqualTo(updated);
        assertThat(published.get(0).get("data").get("status").asString()).isEqualTo("archived");
    }

    @Test
    void eachChangePublishesOneEventInOrder() {
        String id = api.createNamed(caller, "Version 0").get("id").asString();
        api.updated(caller, id, "{\"name\": \"Version 1\"}");
        api.updated(caller, id, "{\"name\": \"Version 2\"}");

        List<JsonNode> published = await("site.updated", id, 2);

        assertThat(published).extracting(event -> event.get("data").get("name").asString())
                .containsExactly("Version 1", "Version 2");
        assertThat(outboxRows(id)).isEqualTo(3);
    }

    @Test
    void anUpdateThatChangesNothingPublishesNothing() {
        String id = api.createNamed(caller, "Steady").get("id").asString();

        api.updated(caller, id, "{\"name\": \"Steady\"}");
        api.updated(caller, id, "{}");

        assertThat(outboxRows(id)).isEqualTo(1);
    }

    @Test
    void aRefusedChangePublishesNothing() {
        String id = api.createNamed(caller, "Guarded").get("id").asString();

        api.issues(api.patch(caller, id, "{\"timezone\": \"UTC\"}"));
        api.errorCode(api.patch(SiteApi.restrictedTo(caller), id, "{\"name\": \"Forbidden\"}"), 403);
        api.issues(api.post(caller, "{\"name\": \"No timezone\"}"));

        assertThat(outboxRows(id)).isEqualTo(1);
        assertThat(db.sql("SELECT count(*) AS n FROM outbox_events WHERE payload::jsonb ->> 'accountid' = :account")
                .bind("account", caller.accountId().toString())
                .map(row -> row.get("n", Long.class)).one().block()).isEqualTo(1);
    }
}
