package com.storageplatform.catalogue.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.Outbox;
import com.storageplatform.catalogue.Pages;
import com.storageplatform.catalogue.unittype.UnitsApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/rate-plans} and {@code /v1/price-rules}: fields, overlaps, kinds, deletion and site restriction. */
@PlatformTest
class PricingTest {

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
        site = api.site(caller, "Exeter");
        type = api.unitType(caller, site, "75 sq ft", 7500);
    }

    private JsonNode plan(String from, String to) {
        return api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 8000, "currency": "GBP", "valid_from": %s, "valid_to": %s}
                """.formatted(type, from, to));
    }

    @Test
    void aRatePlanIsCreatedReadListedAndDeleted() {
        JsonNode plan = api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "name": "Summer", "price_minor": 8000, "currency": "GBP",
                 "valid_from": "2026-06-01", "valid_to": "2026-08-31"}
                """.formatted(type));

        assertThat(plan.get("object").asString()).isEqualTo("rate_plan");
        assertThat(plan.get("site_id").asString()).isEqualTo(site);
        assertThat(plan.get("valid_from").asString()).isEqualTo("2026-06-01");
        assertThat(plan.get("valid_to").asString()).isEqualTo("2026-08-31");
        String id = plan.get("id").asString();
        assertThat(api.read(caller, "/v1/rate-plans/" + id)).isEqualTo(plan);
        assertThat(api.listedIds(caller, "/v1/rate-plans?unit_type_id=" + type)).containsExactly(id);
        assertThat(api.listedIds(caller, "/v1/rate-plans?site_id=" + site)).containsExactly(id);
        assertThat(api.issues(api.get(caller, "/v1/rate-plans?unit_type_id=x"), 400))
                .containsExactly("unit_type_id invalid");

        JsonNode deleted = api.body(api.delete(caller, "/v1/rate-plans/" + id).expectStatus().isOk()).get("data");
        assertThat(deleted.get("id").asString()).isEqualTo(id);
        assertThat(deleted.get("object").asString()).isEqualTo("rate_plan");
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        assertThat(api.errorCode(api.get(caller, "/v1/rate-plans/" + id), 404)).isEqualTo("not_found");
    }

    @Test
    void everyBadRatePlanFieldIsNamed() {
        assertThat(api.issues(api.post(caller, "/v1/rate-plans", "{}"))).containsExactlyInAnyOrder(
                "unit_type_id required", "price_minor required", "currency required");
        assertThat(api.issues(api.post(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "name": "%s", "price_minor": -1, "currency": "EUR", "valid_from": "2026-13-01",
                 "valid_to": "tomorrow"}
                """.formatted(type, "n".repeat(201))))).containsExactlyInAnyOrder("name too_long",
                "price_minor below_minimum", "currency invalid", "valid_from invalid", "valid_to invalid");
        assertThat(api.issues(api.post(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2026-02-01",
                 "valid_to": "2026-01-31"}
                """.formatted(type)))).containsExactly("valid_to invalid");
        Caller stranger = UnitsApi.newAccount();
        String foreign = api.unitType(stranger, api.site(stranger, "F"), "F", 1);
        assertThat(api.issues(api.post(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(foreign)))).containsExactly("unit_type_id not_found");
    }

    @Test
    void onlyOnePlanOfAUnitTypeIsInForceOnAnyDate() {
        String first = plan("\"2026-01-01\"", "\"2026-06-30\"").get("id").asString();

        assertThat(api.errorMessage(api.post(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2026-06-30"}
                """.formatted(type)), 409, "conflict")).contains(first);
        assertThat(api.errorCode(api.post(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(type)), 409)).isEqualTo("conflict");
        String second = plan("\"2026-07-01\"", "null").get("id").asString();
        assertThat(api.errorCode(api.patch(caller, "/v1/rate-plans/" + first, "{\"valid_to\": \"2026-07-15\"}"),
                409)).isEqualTo("conflict");
        assertThat(api.updated(caller, "/v1/rate-plans/" + second, "{\"valid_from\": \"2026-07-02\"}")
                .get("valid_from").asString()).isEqualTo("2026-07-02");
        assertThat(api.issues(api.patch(caller, "/v1/rate-plans/" + second, """
                {"unit_type_id": "%s", "price_minor": null}
                """.formatted(api.unitType(caller, site, "Other", 1))))).containsExactlyInAnyOrder(
                "unit_type_id immutable", "price_minor required");
        // Another unit type has its own calendar.
        api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(api.unitType(caller, site, "Third", 1)));
    }

    @Test
    void ratePlansFollowTheirUnitTypesSite() {
        String otherSite = api.site(caller, "Truro");
        String otherType = api.unitType(caller, otherSite, "T", 100);
        String mine = plan("null", "null").get("id").asString();
        String theirs = api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(otherType)).get("id").asString();
        Caller restricted = UnitsApi.restrictedTo(caller, site);

        assertThat(api.listedIds(restricted, "/v1/rate-plans")).containsExactly(mine);
        assertThat(api.errorCode(api.get(restricted, "/v1/rate-plans/" + theirs), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.delete(restricted, "/v1/rate-plans/" + theirs), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2030-01-01"}
                """.formatted(otherType)), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(UnitsApi.newAccount(), "/v1/rate-plans/" + mine), 404))
                .isEqualTo("not_found");
    }

    @Test
    void pricingListFiltersNamingAnotherSiteOrAUnitTypeThereAreForbidden() {
        String otherSite = api.site(caller, "Falmouth");
        String otherType = api.unitType(caller, otherSite, "F", 100);
        String plan = plan("null", "null").get("id").asString();
        String rule = api.created(caller, "/v1/price-rules", """
                {"name": "Here", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1, "site_ids": ["%s"]}
                """.formatted(site)).get("id").asString();
        Caller restricted = UnitsApi.restrictedTo(caller, site);

        for (String list : List.of("/v1/rate-plans", "/v1/price-rules")) {
            assertThat(api.errorCode(api.get(restricted, list + "?site_id=" + otherSite), 403)).as(list)
                    .isEqualTo("site_forbidden");
            assertThat(api.errorCode(api.get(restricted, list + "?unit_type_id=" + otherType), 403)).as(list)
                    .isEqualTo("site_forbidden");
            assertThat(api.errorCode(api.get(restricted, list + "?site_id=" + site + "&unit_type_id=" + otherType),
                    403)).as(list).isEqualTo("site_forbidden");
        }
        assertThat(api.listedIds(restricted, "/v1/rate-plans?site_id=" + site + "&unit_type_id=" + type))
                .containsExactly(plan);
        assertThat(api.listedIds(restricted, "/v1/price-rules?site_id=" + site + "&unit_type_id=" + type))
                .containsExactly(rule);
        assertThat(api.listedIds(caller, "/v1/rate-plans?site_id=" + otherSite)).isEmpty();
    }

    @Test
    void aPriceRuleOfEachKindIsCreatedWithItsOwnFieldsOnly() {
        JsonNode occupancy = api.created(caller, "/v1/price-rules", """
                {"name": "Busy", "kind": "occupancy", "occupancy_comparison": "at_or_above", "threshold_percent": 90,
                 "adjustment_kind": "percent", "adjustment_value": 10}
                """);
        assertThat(occupancy.get("object").asString()).isEqualTo("price_rule");
        assertThat(occupancy.get("status").asString()).isEqualTo("active");
        assertThat(occupancy.get("priority").asInt()).isEqualTo(100);
        assertThat(occupancy.get("currency").isNull()).isTrue();
        assertThat(occupancy.get("starts_on").isNull()).isTrue();
        assertThat(occupancy.get("feature").isNull()).isTrue();
        assertThat(occupancy.get("site_ids").isEmpty()).isTrue();

        JsonNode dates = api.created(caller, "/v1/price-rules", """
                {"name": "January sale", "kind": "date_range", "starts_on": "2027-01-01", "ends_on": "2027-01-31",
                 "adjustment_kind": "fixed_amount", "adjustment_value": -500, "currency": "GBP", "priority": 5,
                 "site_ids": ["%s"], "unit_type_ids": ["%s"], "status": "inactive"}
                """.formatted(site, type));
        assertThat(dates.get("ends_on").asString()).isEqualTo("2027-01-31");
        assertThat(dates.get("currency").asString()).isEqualTo("GBP");
        assertThat(dates.get("site_ids").get(0).asString()).isEqualTo(site);
        assertThat(dates.get("unit_type_ids").get(0).asString()).isEqualTo(type);

        JsonNode feature = api.created(caller, "/v1/price-rules", """
                {"name": "Drive-up premium", "kind": "unit_feature", "feature": "drive_up",
                 "adjustment_kind": "percent", "adjustment_value": 15}
                """);
        assertThat(api.read(caller, "/v1/price-rules/" + feature.get("id").asString())).isEqualTo(feature);

        assertThat(api.listedIds(caller, "/v1/price-rules")).hasSize(3);
        assertThat(api.listedIds(caller, "/v1/price-rules?kind=date_range"))
                .containsExactly(dates.get("id").asString());
        assertThat(api.listedIds(caller, "/v1/price-rules?status=inactive"))
                .containsExactly(dates.get("id").asString());
        assertThat(api.listedIds(caller, "/v1/price-rules?site_id=" + api.site(caller, "Elsewhere")))
                .containsExactly(feature.get("id").asString(), occupancy.get("id").asString());
        assertThat(api.issues(api.get(caller, "/v1/price-rules?kind=seasonal"), 400)).containsExactly("kind invalid");
    }

    @Test
    void everyBadPriceRuleFieldIsNamed() {
        assertThat(api.issues(api.post(caller, "/v1/price-rules", "{}"))).containsExactlyInAnyOrder(
                "name required", "kind required", "adjustment_kind required", "adjustment_value required");
        assertThat(api.issues(api.post(caller, "/v1/price-rules", """
                {"name": "x", "kind": "occupancy", "adjustment_kind": "percent", "adjustment_value": 501,
                 "currency": "GBP", "feature": "drive_up", "starts_on": "2026-01-01", "priority": 1001,
                 "status": "paused"}
                """))).containsExactlyInAnyOrder("occupancy_comparison required", "threshold_percent required",
                "adjustment_value above_maximum", "currency not_allowed", "feature not_allowed",
                "starts_on not_allowed", "priority above_maximum", "status invalid");
        assertThat(api.issues(api.post(caller, "/v1/price-rules", """
                {"name": "x", "kind": "occupancy", "occupancy_comparison": "over", "threshold_percent": 101,
                 "adjustment_kind": "fixed_amount", "adjustment_value": -100000001}
                """))).containsExactlyInAnyOrder("occupancy_comparison invalid", "threshold_percent above_maximum",
                "adjustment_value below_minimum", "currency required");
        assertThat(api.issues(api.post(caller, "/v1/price-rules", """
                {"name": "x", "kind": "date_range", "starts_on": "2026-02-01", "ends_on": "2026-01-01",
                 "adjustment_kind": "discount", "adjustment_value": 1, "threshold_percent": 5}
                """))).containsExactlyInAnyOrder("ends_on invalid", "adjustment_kind invalid",
                "threshold_percent not_allowed");
        String unknown = "01900000-0000-7000-8000-000000000009";
        assertThat(api.issues(api.post(caller, "/v1/price-rules", """
                {"name": "x", "kind": "unit_feature", "feature": "boat", "adjustment_kind": "percent",
                 "adjustment_value": -101, "site_ids": ["%s", "nope", "%s", "%s"], "unit_type_ids": ["%s"]}
                """.formatted(site, site, unknown, unknown)))).containsExactlyInAnyOrder("feature invalid",
                "adjustment_value below_minimum", "site_ids[1] invalid", "site_ids[2] duplicate",
                "site_ids[3] not_found", "unit_type_ids[0] not_found");
        assertThat(api.listedIds(caller, "/v1/price-rules")).isEmpty();
    }

    @Test
    void aPriceRuleChangesKindOnlyWithItsNewFields() {
        String id = api.created(caller, "/v1/price-rules", """
                {"name": "Busy", "kind": "occupancy", "occupancy_comparison": "below", "threshold_percent": 40,
                 "adjustment_kind": "percent", "adjustment_value": -10}
                """).get("id").asString();

        assertThat(api.issues(api.patch(caller, "/v1/price-rules/" + id, "{\"kind\": \"date_range\"}")))
                .containsExactlyInAnyOrder("starts_on required", "occupancy_comparison not_allowed",
                        "threshold_percent not_allowed");
        JsonNode changed = api.updated(caller, "/v1/price-rules/" + id, """
                {"kind": "date_range", "starts_on": "2026-12-01", "occupancy_comparison": null,
                 "threshold_percent": null, "priority": 7}
                """);
        assertThat(changed.get("kind").asString()).isEqualTo("date_range");
        assertThat(changed.get("threshold_percent").isNull()).isTrue();
        assertThat(changed.get("ends_on").isNull()).isTrue();
        assertThat(changed.get("priority").asInt()).isEqualTo(7);
        assertThat(changed.get("name").asString()).isEqualTo("Busy");

        assertThat(api.body(api.delete(caller, "/v1/price-rules/" + id).expectStatus().isOk()).get("data")
                .get("deleted").asBoolean()).isTrue();
        assertThat(api.errorCode(api.get(caller, "/v1/price-rules/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.delete(caller, "/v1/price-rules/" + id), 404)).isEqualTo("not_found");
    }

    @Test
    void pricingListsPageNewestFirstByCursorAndPriceRulesFilterOnTheUnitType() {
        String june = plan("\"2026-06-01\"", "\"2026-06-30\"").get("id").asString();
        String july = plan("\"2026-07-01\"", "\"2026-07-31\"").get("id").asString();
        String august = plan("\"2026-08-01\"", "\"2026-08-31\"").get("id").asString();
        String otherType = api.unitType(caller, site, "Other", 100);
        String elsewhere = api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(otherType)).get("id").asString();

        assertThat(Pages.walk(query -> api.list(caller, query), "/v1/rate-plans?unit_type_id=" + type, 2))
                .containsExactly(List.of(august, july), List.of(june));
        assertThat(Pages.walk(query -> api.list(caller, query), "/v1/rate-plans", 3))
                .containsExactly(List.of(elsewhere, august, july), List.of(june));

        String rule = """
                {"name": "%s", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1, "status": "%s", "unit_type_ids": %s}
                """;
        String everywhere = api.created(caller, "/v1/price-rules", rule.formatted("All", "active", "[]"))
                .get("id").asString();
        String forType = api.created(caller, "/v1/price-rules",
                rule.formatted("Mine", "active", "[\"" + type + "\"]")).get("id").asString();
        String forOther = api.created(caller, "/v1/price-rules",
                rule.formatted("Other", "active", "[\"" + otherType + "\"]")).get("id").asString();
        String paused = api.created(caller, "/v1/price-rules",
                rule.formatted("Paused", "inactive", "[\"" + type + "\"]")).get("id").asString();

        assertThat(api.listedIds(caller, "/v1/price-rules?unit_type_id=" + type))
                .containsExactly(paused, forType, everywhere);
        assertThat(api.listedIds(caller, "/v1/price-rules?unit_type_id=" + otherType))
                .containsExactly(forOther, everywhere);
        assertThat(Pages.walk(query -> api.list(caller, query), "/v1/price-rules?unit_type_id=" + type
                + "&status=active", 1)).containsExactly(List.of(forType), List.of(everywhere));
        assertThat(Pages.walk(query -> api.list(caller, query), "/v1/price-rules?kind=unit_feature", 3))
                .containsExactly(List.of(paused, forOther, forType), List.of(everywhere));
        assertThat(api.issues(api.get(caller, "/v1/price-rules?unit_type_id=x"), 400))
                .containsExactly("unit_type_id invalid");
    }

    @Test
    void pricingChangesPublishEventsAndADeletionCarriesTheRecordAsItLastWas() {
        JsonNode rule = api.created(caller, "/v1/price-rules", """
                {"name": "Power", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 5}
                """);
        String ruleId = rule.get("id").asString();
        api.updated(caller, "/v1/price-rules/" + ruleId, "{\"adjustment_value\": 5}");
        api.issues(api.patch(caller, "/v1/price-rules/" + ruleId, "{\"adjustment_value\": 501}"));
        JsonNode lastRule = api.updated(caller, "/v1/price-rules/" + ruleId, "{\"adjustment_value\": 7}");
        api.delete(caller, "/v1/price-rules/" + ruleId).expectStatus().isOk();

        List<JsonNode> ruleEvents = Outbox.about(db, json, ruleId);
        assertThat(ruleEvents).extracting(event -> event.get("type").asString()).containsExactly(
                "price_rule.created", "price_rule.updated", "price_rule.deleted");
        assertThat(ruleEvents).extracting(event -> event.get("data")).containsExactly(rule, lastRule, lastRule);

        JsonNode plan = plan("\"2031-01-01\"", "null");
        String planId = plan.get("id").asString();
        JsonNode lastPlan = api.updated(caller, "/v1/rate-plans/" + planId, "{\"price_minor\": 8100}");
        api.delete(caller, "/v1/rate-plans/" + planId).expectStatus().isOk();

        List<JsonNode> planEvents = Outbox.about(db, json, planId);
        assertThat(planEvents).extracting(event -> event.get("type").asString()).containsExactly(
                "rate_plan.created", "rate_plan.updated", "rate_plan.deleted");
        assertThat(planEvents).extracting(event -> event.get("data")).containsExactly(plan, lastPlan, lastPlan);
    }

    @Test
    void aSiteRestrictedCallerWritesOnlyRulesOfItsOwnSites() {
        String otherSite = api.site(caller, "Penzance");
        String global = api.created(caller, "/v1/price-rules", """
                {"name": "All", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1}
                """).get("id").asString();
        String others = api.created(caller, "/v1/price-rules", """
                {"name": "Theirs", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1, "site_ids": ["%s"]}
                """.formatted(otherSite)).get("id").asString();
        Caller restricted = UnitsApi.restrictedTo(caller, site);
        String rule = """
                {"name": "Mine", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1%s}
                """;

        assertThat(api.errorCode(api.post(restricted, "/v1/price-rules", rule.formatted("")), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, "/v1/price-rules",
                rule.formatted(", \"site_ids\": [\"" + otherSite + "\"]")), 403)).isEqualTo("site_forbidden");
        String otherType = api.unitType(caller, otherSite, "T", 1);
        assertThat(api.errorCode(api.post(restricted, "/v1/price-rules", rule.formatted(
                ", \"site_ids\": [\"" + site + "\"], \"unit_type_ids\": [\"" + otherType + "\"]")), 403))
                .isEqualTo("site_forbidden");
        String mine = api.created(restricted, "/v1/price-rules",
                rule.formatted(", \"site_ids\": [\"" + site + "\"]")).get("id").asString();

        assertThat(api.listedIds(restricted, "/v1/price-rules")).containsExactly(mine, global);
        assertThat(api.read(restricted, "/v1/price-rules/" + global).get("name").asString()).isEqualTo("All");
        assertThat(api.errorCode(api.get(restricted, "/v1/price-rules/" + others), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, "/v1/price-rules/" + global, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.delete(restricted, "/v1/price-rules/" + global), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.updated(restricted, "/v1/price-rules/" + mine, "{\"name\": \"Mine now\"}").get("name")
                .asString()).isEqualTo("Mine now");
        assertThat(api.errorCode(api.get(UnitsApi.newAccount(), "/v1/price-rules/" + mine), 404))
                .isEqualTo("not_found");
    }
}
