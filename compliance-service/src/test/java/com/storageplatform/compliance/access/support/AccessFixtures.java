package com.storageplatform.compliance.access.support;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One test account as the other services' events leave it in compliance: sites and units (written into
 * {@code records} as the kit's projection would), and agreements whose events commerce publishes on
 * {@code commerce.events} (through Kafka, to the inbox). Also reads what compliance wrote: its events and commands.
 */
public final class AccessFixtures {

    public final Caller caller;
    public final AccessApi credentials;
    public final AccessApi devices;
    public final AccessApi events;
    public final AccessApi helpers;
    public final UUID customer = Ids.newId();
    public final UUID site;
    public final UUID unit;

    private final DatabaseClient db;
    private final JsonMapper json;

    public AccessFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this(client, json, db, AccessApi.newAccount());
    }

    public AccessFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, Caller caller) {
        this.db = db;
        this.json = json;
        this.caller = caller;
        credentials = new AccessApi(client, json, "/v1/access-credentials");
        devices = credentials.on("/v1/hardware-devices");
        events = credentials.on("/v1/access-events");
        helpers = credentials.on("/v1/test-helpers/access-events");
        site = site();
        unit = unit(site);
    }

    public UUID site() {
        UUID id = Ids.newId();
        record(id, "site", Map.of("id", id.toString(), "object", "site", "name", "Harbour", "status", "active"));
        return id;
    }

    public UUID unit(UUID atSite) {
        UUID id = Ids.newId();
        record(id, "unit", Map.of("id", id.toString(), "object", "unit", "site_id", atSite.toString(), "name",
                "A" + id.toString().substring(30)));
        return id;
    }

    /** An agreement commerce published (in {@code records}) but compliance has seen no access event of. */
    public UUID draftAgreement() {
        UUID id = Ids.newId();
        record(id, "agreement", agreement(id, customer, site, unit, "draft", "drafted"));
        return id;
    }

    /** The agreement as commerce's events carry it. */
    public static Map<String, Object> agreement(UUID id, UUID contact, UUID site, UUID unit, String status,
            String accessStatus) {
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", contact.toString());
        agreement.put("unit_id", unit.toString());
        agreement.put("site_id", site.toString());
        agreement.put("status", status);
        agreement.put("signed_at", "drafted".equals(accessStatus) ? null : "2026-11-25T10:15:02.114Z");
        agreement.put("terminated_at", "terminated".equals(status) ? "2026-12-25T10:15:02.114Z" : null);
        agreement.put("access_status", accessStatus);
        return agreement;
    }

    /** Publishes commerce's event about the agreement at the fixture's site and unit; answers the event id. */
    public UUID publish(String type, UUID agreement, String status, String accessStatus) {
        return publish(type, agreement(agreement, customer, site, unit, status, accessStatus));
    }

    public UUID publish(String type, Map<String, Object> agreement) {
        return TestEvents.publish("commerce.events", type, caller.accountId(), agreement);
    }

    /** Publishes the same event again under its id, as a Kafka redelivery would. */
    public void redeliver(UUID eventId, String type, Map<String, Object> agreement) {
        TestEvents.publish("commerce.events", eventId, type, caller.accountId(), agreement);
    }

    /** Waits until compliance's inbox has applied the event (each account's events are applied in order). */
    public void applied(UUID eventId) {
        eventually(() -> db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get(0, Long.class)).one().block() == 1);
    }

    /** An agreement signed without a hold, and the gate code issued for it. */
    public JsonNode signedWithCredential() {
        UUID agreement = Ids.newId();
        applied(publish("agreement.activated", agreement, "pending_move_in", "signed"));
        return credentials.list(caller, "?agreement_id=" + agreement).get("data").get(0);
    }

    /** The agreement's credentials as listed, newest first. */
    public List<JsonNode> credentialsOf(UUID agreement) {
        List<JsonNode> listed = new ArrayList<>();
        credentials.list(caller, "?agreement_id=" + agreement).get("data").values().forEach(listed::add);
        return listed;
    }

    /** The types of the events compliance wrote about {@code subject} (its outbox), oldest first. */
    public List<String> eventTypes(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)).get("type").asString())
                .all().collectList().block();
    }

    /** The {@code data} of the events compliance wrote about {@code subject}, oldest first. */
    public List<JsonNode> eventData(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)).get("data"))
                .all().collectList().block();
    }

    /** The commands about {@code subject} as {@code operation status}, in the order they were made. */
    public List<String> commands(Object subject) {
        return db.sql("SELECT operation, status FROM access_commands WHERE subject_id = :id ORDER BY seq")
                .bind("id", UUID.fromString(subject.toString()))
                .map(row -> row.get("operation", String.class) + " " + row.get("status", String.class))
                .all().collectList().block();
    }

    private void record(UUID id, String object, Map<String, ?> data) {
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                VALUES (:account, :id, :object, CAST(:data AS jsonb), false, now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("object", object)
                .bind("data", json.writeValueAsString(data))
                .then().block();
    }
}
