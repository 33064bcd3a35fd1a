package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.support.AccountFixture;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One account with a site, a unit type and a unit, a customer, and the reservations API, for the tests here. */
final class Fixture extends AccountFixture {

    final WebTestClient client;
    final CommerceApi api;

    Fixture(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this(client, json, db, CommerceApi.newAccount());
    }

    Fixture(WebTestClient client, JsonMapper json, DatabaseClient db, Caller caller) {
        super(db, json, caller, 4500, 5000, "A12");
        this.client = client;
        this.api = new CommerceApi(client, json, "/v1/reservations");
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
