package com.storageplatform.catalogue.availability;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.unittype.UnitsApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /v1/availability}: unit counts, occupancy and the quoted price per unit type. */
@PlatformTest
class AvailabilityTest {

    static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    UnitsApi api;
    final Caller caller = UnitsApi.newAccount();
    String site;
    String type;

    @BeforeEach
    void setUp() {
        api = new UnitsApi(client, json);
        site = api.site(caller, "Cardiff");
        type = api.created(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "Drive-up", "price_minor": 10000, "currency": "GBP",
                 "features": ["drive_up"]}
                """.formatted(site)).get("id").asString();
    }

    private void hold(String eventType, String holderId, String unitId) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", holderId);
        data.put("object", eventType.substring(0, eventType.indexOf('.')));
        data.put("site_id", site);
        data.put("unit_id", unitId);
        data.put("unit_type_id", type);
        data.put("status", "active");
        UUID eventId = TestEvents.publish("commerce.events", eventType, caller.accountId(), data);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Long seen = db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                    .map(row -> row.get("n", Long.class)).one().block();
            if (seen != null && seen > 0) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        throw new AssertionError("event not applied");
    }

    private JsonNode only(String query) {
        JsonNode page = api.list(caller, "/v1/availability" + query);
        assertThat(page.get("data").size()).isEqualTo(1);
        return page.get("data").get(0);
    }

    @Test
    void countsFollowUnitStatusesAndCommercesHolds() {
        String free = api.unit(caller, site, type, "U1");
        String reserved = api.unit(caller, site, type, "U2");
        String occupied = api.unit(caller, site, type, "U3");
        api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "U4", "status": "out_of_service"}
                """.formatted(site, type));
        api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "U5", "status": "archived"}
                """.formatted(site, type));
        hold("reservation.created", Ids.newId().toString(), reserved);
        // An agreement occupies its unit from status active (the move-in), not from agreement.activated (signed).
        hold("agreement.updated", Ids.newId().toString(), occupied);
        assertThat(api.read(caller, "/v1/units/" + occupied).get("status").asString()).isEqualTo("occupied");

        JsonNode item = only("?unit_type_id=" + type);
        assertThat(item.get("object").asString()).isEqualTo("availability");
        assertThat(item.get("site_id").asString()).isEqualTo(site);
        assertThat(item.get("unit_type_name").asString()).isEqualTo("Drive-up");
        assertThat(item.get("units_total").asLong()).isEqualTo(4);
        assertThat(item.get("units_bookable").asLong()).isEqualTo(1);
        assertThat(item.get("occupancy_percent").asDouble()).isEqualTo(50.0);
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);

        // A hold on the unit type itself takes one of the bookable units.
        String typeHold = Ids.newId().toString();
        hold("reservation.created", typeHold, null);
        item = only("?unit_type_id=" + type);
        assertThat(item.get("units_bookable").asLong()).isZero();
        assertThat(item.get("occupancy_percent").asDouble()).isEqualTo(75.0);

        hold("reservation.cancelled", typeHold, null);
        item = only("?unit_type_id=" + type);
        assertThat(item.get("units_bookable").asLong()).isEqualTo(1);
        assertThat(item.get("occupancy_percent").asDouble()).isEqualTo(50.0);
    }

    @Test
    void thePriceIsTheRatePlanInForceAdjustedByTheRules() {
        api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 9000, "currency": "GBP", "valid_from": "2026-06-01",
                 "valid_to": "2026-06-30"}
                """.formatted(type));
        String feature = api.created(caller, "/v1/price-rules", """
                {"name": "Drive-up", "kind": "unit_feature", "feature": "drive_up", "adjustment_kind": "fixed_amount",
                 "adjustment_value": 100, "currency": "GBP", "priority": 20}
                """).get("id").asString();
        String busy = api.created(caller, "/v1/price-rules", """
                {"name": "Empty", "kind": "occupancy", "occupancy_comparison": "below", "threshold_percent": 50,
                 "adjustment_kind": "percent", "adjustment_value": -15, "priority": 10}
                """).get("id").asString();
        api.created(caller, "/v1/price-rules", """
                {"name": "Elsewhere", "kind": "unit_feature", "feature": "drive_up", "adjustment_kind": "percent",
                 "adjustment_value": 50, "site_ids": ["%s"]}
                """.formatted(api.site(caller, "Swansea")));
        api.unit(caller, site, type, "P1");

        JsonNode price = only("?site_id=" + site + "&date=2026-06-15").get("price");
        // 9000 -15% = 7650, +100 = 7750.
        assertThat(price.get("list_price_minor").asLong()).isEqualTo(9000);
        assertThat(price.get("price_minor").asLong()).isEqualTo(7750);
        assertThat(price.get("currency").asString()).isEqualTo("GBP");
        assertThat(price.get("rate_plan_id").isNull()).isFalse();
        assertThat(price.get("applied_rules").values()).extracting(rule -> rule.get("price_rule_id").asString())
                .containsExactly(busy, feature);
        assertThat(price.get("applied_rules").get(0).get("amount_minor").asLong()).isEqualTo(-1350);

        JsonNode july = only("?site_id=" + site + "&date=2026-07-01");
        assertThat(july.get("date").asString()).isEqualTo("2026-07-01");
        assertThat(july.get("price").get("list_price_minor").asLong()).isEqualTo(10000);
        assertThat(july.get("price").get("rate_plan_id").isNull()).isTrue();
        assertThat(july.get("price").get("price_minor").asLong()).isEqualTo(8600);

        assertThat(only("?site_id=" + site).get("date").asString())
                .isEqualTo(LocalDate.now(ZoneId.of("Europe/London")).toString());
    }

    @Test
    void oneUnitIsQuotedWithItsOwnFeaturesOnTheDateAsked() {
        String plain = api.unit(caller, site, type, "Q1");
        String powered = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "Q2", "features": ["power"]}
                """.formatted(site, type)).get("id").asString();
        String power = api.created(caller, "/v1/price-rules", """
                {"name": "Power", "kind": "unit_feature", "feature": "power", "adjustment_kind": "fixed_amount",
                 "adjustment_value": 250, "currency": "GBP", "priority": 10}
                """).get("id").asString();
        String summer = api.created(caller, "/v1/price-rules", """
                {"name": "Summer", "kind": "date_range", "starts_on": "2026-07-01", "ends_on": "2026-08-31",
                 "adjustment_kind": "percent", "adjustment_value": 10, "priority": 20}
                """).get("id").asString();

        // The unit type alone has no power: only the unit does.
        JsonNode forType = only("?unit_type_id=" + type + "&date=2026-06-15");
        assertThat(forType.get("unit_id").isNull()).isTrue();
        assertThat(forType.get("price").get("price_minor").asLong()).isEqualTo(10000);

        JsonNode forUnit = only("?unit_id=" + powered + "&date=2026-06-15");
        assertThat(forUnit.get("unit_id").asString()).isEqualTo(powered);
        assertThat(forUnit.get("unit_type_id").asString()).isEqualTo(type);
        assertThat(forUnit.get("units_total").asLong()).isEqualTo(2);
        assertThat(forUnit.get("price").get("price_minor").asLong()).isEqualTo(10250);
        assertThat(forUnit.get("price").get("applied_rules").values())
                .extracting(rule -> rule.get("price_rule_id").asString()).containsExactly(power);

        // In the date range: 10000 + 250 = 10250, then +10% = 11275.
        JsonNode inSummer = only("?unit_id=" + powered + "&date=2026-07-15");
        assertThat(inSummer.get("date").asString()).isEqualTo("2026-07-15");
        assertThat(inSummer.get("price").get("price_minor").asLong()).isEqualTo(11275);
        assertThat(inSummer.get("price").get("applied_rules").values())
                .extracting(rule -> rule.get("price_rule_id").asString()).containsExactly(power, summer);
        assertThat(only("?unit_id=" + plain + "&date=2026-07-15").get("price").get("price_minor").asLong())
                .isEqualTo(11000);

        // Filters that exclude the unit, and units this account does not have, match nothing.
        String otherSite = api.site(caller, "Barry");
        assertThat(api.list(caller, "/v1/availability?unit_id=" + powered + "&site_id=" + otherSite).get("data")
                .isEmpty()).isTrue();
        assertThat(api.list(caller, "/v1/availability?unit_id=" + Ids.newId()).get("data").isEmpty()).isTrue();
        Caller stranger = UnitsApi.newAccount();
        assertThat(api.list(stranger, "/v1/availability?unit_id=" + powered).get("data").isEmpty()).isTrue();
        assertThat(api.errorCode(api.get(UnitsApi.restrictedTo(caller, otherSite), "/v1/availability?unit_id="
                + powered), 403)).isEqualTo("site_forbidden");
        assertThat(api.issues(api.get(caller, "/v1/availability?unit_id=Q2"), 400))
                .containsExactly("unit_id invalid");
    }

    @Test
    void theListPagesFiltersAndKeepsToTheCallersSites() {
        String second = api.unitType(caller, site, "Second", 2000);
        String archived = api.unitType(caller, site, "Gone", 1);
        api.updated(caller, "/v1/unit-types/" + archived, "{\"status\": \"archived\"}");
        String otherSite = api.site(caller, "Newport");
        String otherType = api.unitType(caller, otherSite, "Other", 3000);

        JsonNode first = api.list(caller, "/v1/availability?limit=2");
        assertThat(first.get("data").values()).extracting(a -> a.get("unit_type_id").asString())
                .containsExactly(otherType, second);
        JsonNode rest = api.list(caller, "/v1/availability?limit=2&cursor="
                + first.get("meta").get("cursor").get("next").asString());
        assertThat(rest.get("data").values()).extracting(a -> a.get("unit_type_id").asString())
                .containsExactly(type);
        assertThat(rest.get("meta").get("cursor").get("has_more").asBoolean()).isFalse();

        Caller restricted = UnitsApi.restrictedTo(caller, otherSite);
        assertThat(api.list(restricted, "/v1/availability").get("data").values())
                .extracting(a -> a.get("unit_type_id").asString()).containsExactly(otherType);
        assertThat(api.errorCode(api.get(restricted, "/v1/availability?site_id=" + site), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/v1/availability?unit_type_id=" + type), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/v1/availability?site_id=" + otherSite + "&unit_type_id="
                + type), 403)).isEqualTo("site_forbidden");
        assertThat(api.list(UnitsApi.newAccount(), "/v1/availability").get("data").isEmpty()).isTrue();
        JsonNode empty = only("?unit_type_id=" + otherType);
        assertThat(empty.get("units_total").asLong()).isZero();
        assertThat(empty.get("occupancy_percent").asDouble()).isZero();

        assertThat(api.issues(api.get(caller, "/v1/availability?date=2026-02-30"), 400)).containsExactly("date invalid");
        assertThat(api.issues(api.get(caller, "/v1/availability?site_id=x"), 400)).containsExactly("site_id invalid");
        assertThat(api.issues(api.get(caller, "/v1/availability?unit_type_id=x"), 400))
                .containsExactly("unit_type_id invalid");
    }
}
