package com.storageplatform.commerce.agreement;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.support.AccountFixture;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account with a site, a unit type and a unit, a customer, and the agreements and reservations APIs, for the
 * tests here.
 */
final class Fixture extends AccountFixture {

    final CommerceApi api;
    final CommerceApi reservations;

    Fixture(WebTestClient client, JsonMapper json, DatabaseClient db) {
        super(db, json, CommerceApi.newAccount(), 4500, 5000, "A12");
        this.api = new CommerceApi(client, json, "/v1/agreements");
        this.reservations = api.on("/v1/reservations");
    }

    static String body(UUID contact, UUID unitId) {
        return "{\"contact_id\": \"" + contact + "\", \"unit_id\": \"" + unitId + "\"}";
    }

    /** {@code extra} JSON members added to a body. */
    static String with(String body, String extra) {
        return body.substring(0, body.lastIndexOf('}')) + ", " + extra + "}";
    }

    JsonNode book(UUID contact, UUID unitId) {
        return api.create(caller, body(contact, unitId));
    }

    JsonNode book(UUID contact, UUID unitId, String extra) {
        return api.create(caller, with(body(contact, unitId), extra));
    }

    JsonNode reserve(UUID contact, UUID unitId, String extra) {
        String body = "{\"contact_id\": \"" + contact + "\", \"unit_id\": \"" + unitId + "\", \"source\": \"api\"}";
        return reservations.create(caller, extra == null ? body : with(body, extra));
    }

    JsonNode reserveType(UUID contact, String extra) {
        String body = "{\"contact_id\": \"" + contact + "\", \"unit_type_id\": \"" + type
                + "\", \"source\": \"api\"}";
        return reservations.create(caller, extra == null ? body : with(body, extra));
    }

    JsonNode action(String id, String action, String body) {
        return api.body(api.action(caller, id, action, body).expectStatus().isOk()).get("data");
    }

    /** Every event commerce wrote for this account, oldest first, as {@code type}. */
    List<String> accountEventTypes() {
        return db.sql("SELECT payload::jsonb ->> 'type' AS type FROM outbox_events "
                        + "WHERE payload::jsonb ->> 'accountid' = :account ORDER BY seq")
                .bind("account", caller.accountId().toString())
                .map(row -> row.get("type", String.class))
                .all().collectList().block();
    }

    String reservationStatus(String reservationId) {
        return reservations.read(caller, reservationId).get("status").asString();
    }

    /** The operator requires an online ID check before access (auth's event, as the projection reads it). */
    void requireIdCheckBeforeAccess(AccountSettings settings) {
        Map<String, Object> operator = new HashMap<>();
        operator.put("id", Ids.newId().toString());
        operator.put("object", "operator");
        operator.put("timezone", "Europe/London");
        operator.put("default_currency", "GBP");
        operator.put("accounts", List.of(Map.of("id", Ids.newId().toString(), "environment", "live"),
                Map.of("id", caller.accountId().toString(), "environment", "test")));
        operator.put("settings", Map.of("id_check_required_before_access", true));
        operator.put("walk_in_contact_ids", Map.of("live", Ids.newId().toString(), "test",
                Ids.newId().toString()));
        TestEvents.publishForOperator("auth.events", "operator.created", caller.accountId(), operator);
        eventually(() -> settings.of(caller.accountId()).block().idCheckRequiredBeforeAccess());
    }

    /** Compliance says the customer's ID check passed. */
    UUID verified(UUID contact) {
        return TestEvents.publish("compliance.events", "identity_verification.verified", caller.accountId(),
                Map.of("id", Ids.newId().toString(), "object", "identity_verification",
                        "contact_id", contact.toString(), "status", "verified",
                        "updated_at", Instant.now().toString()));
    }

    /** A coverage product of the catalogue, as its event carries it. */
    UUID coverageProduct(String pricingMode, String status, Map<String, Object> extra) {
        UUID id = Ids.newId();
        Map<String, Object> data = new HashMap<>();
        data.put("id", id.toString());
        data.put("object", "coverage_product");
        data.put("name", "Goods cover " + id.toString().substring(30));
        data.put("kind", "insurance");
        data.put("pricing_mode", pricingMode);
        data.put("currency", "GBP");
        data.put("status", status);
        data.put("created_at", Instant.now().toString());
        data.put("updated_at", Instant.now().toString());
        data.putAll(extra);
        return catalogue.publish(caller, "coverage_product.created", data);
    }
}
