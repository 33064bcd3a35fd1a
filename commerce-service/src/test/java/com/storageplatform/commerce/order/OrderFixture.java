package com.storageplatform.commerce.order;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.storageplatform.commerce.support.AccountFixture;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One fresh account with a site, a unit type priced 9000 a month (standard-rated), a unit and a customer; the
 * caller holds every commerce scope, {@code units:read} and {@code billing:write}. Coupons, products and coverage
 * products are published as the catalogue would.
 */
final class OrderFixture extends AccountFixture {

    static final String[] SCOPES = {"contacts:read", "contacts:write", "reservations:read", "reservations:write",
            "agreements:read", "agreements:write", "units:read", "billing:write"};

    private static final TypeReference<Map<String, Object>> RECORD = new TypeReference<>() {
    };

    final CommerceApi api;

    OrderFixture(WebTestClient client, JsonMapper json, DatabaseClient db) {
        super(db, json, TestCallers.apiCaller(SCOPES), 9000, 9000, "A1");
        this.api = new CommerceApi(client, json, "/v1/orders");
    }

    String body(UUID contact, UUID unitId, String extra) {
        return "{\"contact_id\": \"" + contact + "\", \"unit_id\": \"" + unitId + "\"" + extra + "}";
    }

    JsonNode order(UUID unitId, String extra) {
        return api.create(caller, body(customer, unitId, extra));
    }

    JsonNode order(String extra) {
        return order(unit, extra);
    }

    JsonNode pay(String id, String body) {
        return api.body(api.action(caller, id, "pay", body).expectStatus().isOk()).get("data");
    }

    /**
     * Auth's operator event for this account, with these settings; returns once commerce holds exactly them (a row
     * from an earlier call is not enough: the test would read the settings it replaces).
     */
    void settings(Map<String, Object> settings) {
        Map<String, Object> operator = Map.of("id", caller.operatorId().toString(), "object", "operator",
                "timezone", "Europe/London", "default_currency", "GBP",
                "accounts", List.of(Map.of("id", caller.accountId().toString(), "environment", "test")),
                "settings", settings);
        TestEvents.publish("auth.events", "operator.created", caller.accountId(), operator);
        String published = json.writeValueAsString(settings);
        eventually(() -> db.sql("SELECT count(*) AS n FROM account_settings WHERE account_id = :a "
                        + "AND settings = CAST(:s AS jsonb)")
                .bind("a", caller.accountId()).bind("s", published)
                .map(row -> row.get("n", Long.class)).one().block() > 0);
    }

    /** A coupon in the catalogue's REST shape; {@code fields} override the defaults (50% once, online). */
    UUID coupon(String code, Map<String, Object> fields) {
        Map<String, Object> coupon = record("coupon");
        coupon.put("name", "Coupon " + code);
        coupon.put("code", code.toUpperCase(java.util.Locale.ROOT));
        coupon.put("discount_kind", "percent");
        coupon.put("discount_value", 50);
        coupon.put("currency", null);
        coupon.put("duration", "once");
        coupon.put("duration_months", null);
        coupon.put("online", true);
        coupon.put("auto_apply", false);
        coupon.put("site_ids", List.of());
        coupon.put("unit_type_ids", List.of());
        coupon.put("advertised", false);
        coupon.put("status", "active");
        coupon.put("valid_from", null);
        coupon.put("valid_to", null);
        coupon.put("max_redemptions", null);
        coupon.putAll(fields);
        coupon.put("applies_to", "once".equals(coupon.get("duration")) ? List.of("licence_fee")
                : List.of("licence_fee", "fee"));
        return catalogue.publish(caller, "coupon.created", coupon);
    }

    UUID product(String name, long unitPriceE4, Map<String, Object> fields) {
        Map<String, Object> product = record("product");
        product.put("name", name);
        product.put("usable_website", true);
        product.put("usable_shop", true);
        product.put("price_mode", "per_unit");
        product.put("unit_label", "item");
        product.put("unit_price_e4", unitPriceE4);
        product.put("currency", "GBP");
        product.put("standard_rate_above_per_day", null);
        product.put("vat_treatment", "standard_20");
        product.put("status", "active");
        product.putAll(fields);
        return catalogue.publish(caller, "product.created", product);
    }

    UUID coverage(String name, long priceMinor, Map<String, Object> fields) {
        Map<String, Object> cover = record("coverage_product");
        cover.put("name", name);
        cover.put("kind", "waiver");
        cover.put("insurer_name", null);
        cover.put("pricing_mode", "fixed_level");
        cover.put("price_minor", priceMinor);
        cover.put("rate_per_thousand_minor", null);
        cover.put("currency", "GBP");
        cover.put("billing_cycle", "monthly");
        cover.put("status", "active");
        cover.putAll(fields);
        return catalogue.publish(caller, "coverage_product.created", cover);
    }

    /** The catalogue changes one of the account's records ({@code unit}, {@code coverage_product}, ...). */
    void changed(String object, UUID id, Map<String, Object> fields) {
        String data = db.sql("SELECT data::text AS data FROM catalogue_records WHERE account_id = :a AND id = :id")
                .bind("a", caller.accountId()).bind("id", id).map(row -> row.get("data", String.class)).one().block();
        Map<String, Object> record = new HashMap<>(json.readValue(data, RECORD));
        record.putAll(fields);
        record.put("updated_at", Instant.now().toString());
        catalogue.publish(caller, object + ".updated", record);
    }

    private static Map<String, Object> record(String object) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", Ids.newId().toString());
        data.put("object", object);
        String now = Instant.now().toString();
        data.put("created_at", now);
        data.put("updated_at", now);
        return data;
    }

    /** Returns once the inbox has taken the event {@code eventId} (and so, in order, every earlier one). */
    void consumed(UUID eventId) {
        eventually(() -> Boolean.TRUE.equals(db.sql("SELECT count(*) > 0 AS seen FROM inbox_events WHERE event_id = :id")
                .bind("id", eventId).map(row -> row.get("seen", Boolean.class)).one().block(Duration.ofSeconds(10))));
    }

    /** The events of {@code types} about {@code subject} on commerce.events, waiting for {@code count}. */
    static List<JsonNode> events(TestEvents events, JsonMapper json, String subject, int count, String... types) {
        List<String> wanted = List.of(types);
        List<ConsumerRecord<String, String>> records = events.await(record -> {
            JsonNode event = json.readTree(record.value());
            return wanted.contains(event.path("type").asString())
                    && subject.equals(event.path("subject").asString());
        }, count, Duration.ofSeconds(30));
        List<JsonNode> out = new ArrayList<>();
        records.forEach(record -> out.add(json.readTree(record.value())));
        return out;
    }
}
