package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.support.Catalogue;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.People;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One account with a site, a unit type and a unit, a customer, and the reservations API, for the tests here. */
final class Fixture {

    final DatabaseClient db;
    final JsonMapper json;
    final WebTestClient client;
    final CommerceApi api;
    final Catalogue catalogue;
    final People people;
    final Caller caller;
    final UUID site;
    final UUID type;
    final UUID unit;
    final UUID customer;

    Fixture(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this(client, json, db, CommerceApi.newAccount());
    }

    Fixture(WebTestClient client, JsonMapper json, DatabaseClient db, Caller caller) {
        this.db = db;
        this.json = json;
        this.client = client;
        this.api = new CommerceApi(client, json, "/v1/reservations");
        this.catalogue = new Catalogue(db);
        this.people = new People(db);
        this.caller = caller;
        this.site = catalogue.site(caller, "Norwich");
        this.type = catalogue.unitType(caller, site, 4500);
        this.unit = catalogue.unit(caller, site, type, "A12");
        this.customer = people.customer(caller);
    }

    UUID newUnit(String name) {
        return catalogue.unit(caller, site, type, name);
    }

    String body(UUID contact, UUID unitId) {
        return "{\"contact_id\": \"" + contact + "\", \"unit_id\": \"" + unitId + "\", \"source\": \"api\"}";
    }

    JsonNode reserve(UUID contact, UUID unitId) {
        return api.create(caller, body(contact, unitId));
    }

    /** Reserves {@code unitId} with {@code extra} JSON members added to the minimum body. */
    JsonNode reserve(UUID contact, UUID unitId, String extra) {
        return api.create(caller, body(contact, unitId).replace("}", ", " + extra + "}"));
    }

    /** The types of the events commerce wrote about {@code subject}, oldest first. */
    List<String> eventTypes(String subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }

    List<JsonNode> events(String subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject)
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }

    /** Who holds {@code unitId} now, as {@code kind:id}, or null. */
    String holderOf(UUID unitId) {
        return db.sql("SELECT holder_kind || ':' || holder_id AS h FROM unit_holds WHERE account_id = :a "
                        + "AND unit_id = :u")
                .bind("a", caller.accountId()).bind("u", unitId)
                .map(row -> row.get("h", String.class)).one().block();
    }

    String status(String reservationId) {
        return db.sql("SELECT status FROM reservations WHERE id = :id").bind("id", UUID.fromString(reservationId))
                .map(row -> row.get("status", String.class)).one().block();
    }

    /** Runs {@code reservation-expiry} now, as the platform admin would; answers its result line. */
    String sweep() {
        byte[] body = client.post().uri("/internal/jobs/reservation-expiry/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk().expectBody().returnResult().getResponseBody();
        return json.readTree(body).path("data").path("result").asString();
    }
}
