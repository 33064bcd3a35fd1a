package com.storageplatform.e2e;

import static com.storageplatform.e2e.Account.errorCode;
import static com.storageplatform.e2e.Account.issues;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/rate-plans} and {@code /v1/price-rules} through the gateway, mirroring catalogue-service's pricing
 * tests: every field rule, one plan in force per unit type and date (409), PATCH and its immutable fields, each
 * price rule kind with only its own fields, and deletion.
 */
class CataloguePricingE2E {

    private final DevStack stack = Stack.get();

    @Test
    void aRatePlanIsCreatedReadListedAndDeleted() {
        Account account = Account.create(stack, "Rate Plans Ltd");
        String site = account.site("Exeter");
        String type = account.unitType(site, "75 sq ft", 7500);

        JsonNode plan = account.created("/v1/rate-plans", """
                {"unit_type_id": "%s", "name": "Summer", "price_minor": 8000, "currency": "GBP",
                 "valid_from": "2026-06-01", "valid_to": "2026-08-31"}
                """.formatted(type));
        assertThat(plan.path("object").asString()).isEqualTo("rate_plan");
        assertThat(plan.path("site_id").asString()).isEqualTo(site);
        assertThat(plan.path("valid_to").asString()).isEqualTo("2026-08-31");
        String id = plan.path("id").asString();
        assertThat(account.read("/v1/rate-plans/" + id)).isEqualTo(plan);
        assertThat(account.listed("/v1/rate-plans?unit_type_id=" + type)).containsExactly(id);
        assertThat(issues(account.get("/v1/rate-plans?unit_type_id=x"), 400)).containsExactly("unit_type_id invalid");

        Http.Response deletion = account.delete("/v1/rate-plans/" + id);
        assertThat(deletion.status()).as(deletion.body().toString()).isEqualTo(200);
        JsonNode deleted = deletion.data();
        assertThat(deleted.path("id").asString()).isEqualTo(id);
        assertThat(deleted.path("object").asString()).isEqualTo("rate_plan");
        assertThat(deleted.path("deleted").asBoolean()).isTrue();
        assertThat(errorCode(account.get("/v1/rate-plans/" + id), 404)).isEqualTo("not_found");
    }

    @Test
    void everyBadRatePlanFieldIsNamed() {
        Account account = Account.create(stack, "Rate Plan Rules Ltd");
        String type = account.unitType(account.site("Exeter"), "75 sq ft", 7500);

        assertThat(issues(account.post("/v1/rate-plans", "{}"))).containsExactlyInAnyOrder(
                "unit_type_id required", "price_minor required", "currency required");
        assertThat(issues(account.post("/v1/rate-plans", """
                {"unit_type_id": "%s", "name": "%s", "price_minor": -1, "currency": "EUR", "valid_from": "2026-13-01",
                 "valid_to": "tomorrow"}
                """.formatted(type, "n".repeat(201))))).containsExactlyInAnyOrder("name too_long",
                "price_minor below_minimum", "currency invalid", "valid_from invalid", "valid_to invalid");
        assertThat(issues(account.post("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2026-02-01",
                 "valid_to": "2026-01-31"}
                """.formatted(type)))).containsExactly("valid_to invalid");
        Account stranger = Account.create(stack, "Rate Plan Stranger Ltd");
        String foreign = stranger.unitType(stranger.site("F"), "F", 1);
        assertThat(issues(account.post("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(foreign)))).containsExactly("unit_type_id not_found");
    }

    @Test
    void onlyOnePlanOfAUnitTypeIsInForceOnAnyDateAndAPatchKeepsItSo() {
        Account account = Account.create(stack, "Rate Plan Calendar Ltd");
        String site = account.site("Exeter");
        String type = account.unitType(site, "75 sq ft", 7500);
        String first = account.createdId("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 8000, "currency": "GBP", "valid_from": "2026-01-01",
                 "valid_to": "2026-06-30"}
                """.formatted(type));

        Http.Response overlap = account.post("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2026-06-30"}
                """.formatted(type));
        assertThat(errorCode(overlap, 409)).isEqualTo("conflict");
        assertThat(overlap.body().path("error").path("message").asString()).contains(first);
        String second = account.createdId("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 8000, "currency": "GBP", "valid_from": "2026-07-01",
                 "valid_to": null}
                """.formatted(type));
        assertThat(errorCode(account.patch("/v1/rate-plans/" + first, "{\"valid_to\": \"2026-07-15\"}"), 409))
                .isEqualTo("conflict");
        assertThat(account.updated("/v1/rate-plans/" + second, "{\"valid_from\": \"2026-07-02\"}")
                .path("valid_from").asString()).isEqualTo("2026-07-02");
        assertThat(issues(account.patch("/v1/rate-plans/" + second, """
                {"unit_type_id": "%s", "price_minor": null}
                """.formatted(account.unitType(site, "Other", 1))))).containsExactlyInAnyOrder(
                "unit_type_id immutable", "price_minor required");
        // Another unit type has its own calendar.
        account.created("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(account.unitType(site, "Third", 1)));
    }

    @Test
    void aPriceRuleOfEachKindIsCreatedWithItsOwnFieldsOnly() {
        Account account = Account.create(stack, "Price Rules Ltd");
        String site = account.site("Exeter");
        String type = account.unitType(site, "75 sq ft", 7500);

        JsonNode occupancy = account.created("/v1/price-rules", """
                {"name": "Busy", "kind": "occupancy", "occupancy_comparison": "at_or_above", "threshold_percent": 90,
                 "adjustment_kind": "percent", "adjustment_value": 10}
                """);
        assertThat(occupancy.path("object").asString()).isEqualTo("price_rule");
        assertThat(occupancy.path("status").asString()).isEqualTo("active");
        assertThat(occupancy.path("priority").asInt()).isEqualTo(100);
        assertThat(occupancy.path("currency").isNull()).isTrue();
        assertThat(occupancy.path("starts_on").isNull()).isTrue();
        assertThat(occupancy.path("feature").isNull()).isTrue();
        assertThat(occupancy.path("site_ids").isEmpty()).isTrue();

        JsonNode dates = account.created("/v1/price-rules", """
                {"name": "January sale", "kind": "date_range", "starts_on": "2027-01-01", "ends_on": "2027-01-31",
                 "adjustment_kind": "fixed_amount", "adjustment_value": -500, "currency": "GBP", "priority": 5,
                 "site_ids": ["%s"], "unit_type_ids": ["%s"], "status": "inactive"}
                """.formatted(site, type));
        assertThat(dates.path("ends_on").asString()).isEqualTo("2027-01-31");
        assertThat(dates.path("site_ids").get(0).asString()).isEqualTo(site);
        assertThat(dates.path("unit_type_ids").get(0).asString()).isEqualTo(type);

        JsonNode feature = account.created("/v1/price-rules", """
                {"name": "Drive-up premium", "kind": "unit_feature", "feature": "drive_up",
                 "adjustment_kind": "percent", "adjustment_value": 15}
                """);
        assertThat(account.read("/v1/price-rules/" + feature.path("id").asString())).isEqualTo(feature);

        assertThat(account.listed("/v1/price-rules")).containsExactlyInAnyOrder(feature.path("id").asString(),
                dates.path("id").asString(), occupancy.path("id").asString());
        assertThat(account.listed("/v1/price-rules?kind=date_range")).containsExactly(dates.path("id").asString());
        assertThat(account.listed("/v1/price-rules?status=inactive")).containsExactly(dates.path("id").asString());
        assertThat(issues(account.get("/v1/price-rules?kind=seasonal"), 400)).containsExactly("kind invalid");
    }

    @Test
    void everyBadPriceRuleFieldIsNamed() {
        Account account = Account.create(stack, "Price Rule Rules Ltd");
        String site = account.site("Exeter");

        assertThat(issues(account.post("/v1/price-rules", "{}"))).containsExactlyInAnyOrder(
                "name required", "kind required", "adjustment_kind required", "adjustment_value required");
        assertThat(issues(account.post("/v1/price-rules", """
                {"name": "x", "kind": "occupancy", "adjustment_kind": "percent", "adjustment_value": 501,
                 "currency": "GBP", "feature": "drive_up", "starts_on": "2026-01-01", "priority": 1001,
                 "status": "paused"}
                """))).containsExactlyInAnyOrder("occupancy_comparison required", "threshold_percent required",
                "adjustment_value above_maximum", "currency not_allowed", "feature not_allowed",
                "starts_on not_allowed", "priority above_maximum", "status invalid");
        assertThat(issues(account.post("/v1/price-rules", """
                {"name": "x", "kind": "date_range", "starts_on": "2026-02-01", "ends_on": "2026-01-01",
                 "adjustment_kind": "discount", "adjustment_value": 1, "threshold_percent": 5}
                """))).containsExactlyInAnyOrder("ends_on invalid", "adjustment_kind invalid",
                "threshold_percent not_allowed");
        String unknown = "01900000-0000-7000-8000-000000000009";
        assertThat(issues(account.post("/v1/price-rules", """
                {"name": "x", "kind": "unit_feature", "feature": "boat", "adjustment_kind": "percent",
                 "adjustment_value": -101, "site_ids": ["%s", "nope", "%s", "%s"], "unit_type_ids": ["%s"]}
                """.formatted(site, site, unknown, unknown)))).containsExactlyInAnyOrder("feature invalid",
                "adjustment_value below_minimum", "site_ids[1] invalid", "site_ids[2] duplicate",
                "site_ids[3] not_found", "unit_type_ids[0] not_found");
        assertThat(account.listed("/v1/price-rules")).isEmpty();
    }

    @Test
    void aPriceRuleChangesKindOnlyWithItsNewFieldsAndIsDeletedOnce() {
        Account account = Account.create(stack, "Price Rule Patch Ltd");
        String path = "/v1/price-rules/" + account.createdId("/v1/price-rules", """
                {"name": "Busy", "kind": "occupancy", "occupancy_comparison": "below", "threshold_percent": 40,
                 "adjustment_kind": "percent", "adjustment_value": -10}
                """);

        assertThat(issues(account.patch(path, "{\"kind\": \"date_range\"}"))).containsExactlyInAnyOrder(
                "starts_on required", "occupancy_comparison not_allowed", "threshold_percent not_allowed");
        JsonNode changed = account.updated(path, """
                {"kind": "date_range", "starts_on": "2026-12-01", "occupancy_comparison": null,
                 "threshold_percent": null, "priority": 7}
                """);
        assertThat(changed.path("kind").asString()).isEqualTo("date_range");
        assertThat(changed.path("threshold_percent").isNull()).isTrue();
        assertThat(changed.path("ends_on").isNull()).isTrue();
        assertThat(changed.path("priority").asInt()).isEqualTo(7);
        assertThat(changed.path("name").asString()).isEqualTo("Busy");

        Http.Response deleted = account.delete(path);
        assertThat(deleted.status()).as(deleted.body().toString()).isEqualTo(200);
        assertThat(deleted.data().path("deleted").asBoolean()).isTrue();
        assertThat(errorCode(account.get(path), 404)).isEqualTo("not_found");
        assertThat(errorCode(account.delete(path), 404)).isEqualTo("not_found");
    }

    @Test
    void aSiteRestrictedKeyReadsAndWritesOnlyThePricingOfItsSites() {
        Account account = Account.create(stack, "Pricing Restricted Ltd");
        String site = account.site("Exeter");
        String otherSite = account.site("Truro");
        String type = account.unitType(site, "75 sq ft", 7500);
        String otherType = account.unitType(otherSite, "T", 100);
        String minePlan = account.createdId("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(type));
        String theirPlan = account.createdId("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP"}
                """.formatted(otherType));
        String rule = """
                {"name": "%s", "kind": "unit_feature", "feature": "power", "adjustment_kind": "percent",
                 "adjustment_value": 1%s}
                """;
        String global = account.createdId("/v1/price-rules", rule.formatted("All", ""));
        String theirRule = account.createdId("/v1/price-rules",
                rule.formatted("Theirs", ", \"site_ids\": [\"" + otherSite + "\"]"));
        String restricted = account.keyRestrictedTo(site);
        String url = stack.gatewayUrl();

        assertThat(Http.get(url + "/v1/rate-plans", restricted).ids()).containsExactly(minePlan);
        assertThat(errorCode(Http.get(url + "/v1/rate-plans/" + theirPlan, restricted), 403))
                .isEqualTo("site_forbidden");
        assertThat(errorCode(Http.delete(url + "/v1/rate-plans/" + theirPlan, restricted), 403))
                .isEqualTo("site_forbidden");
        assertThat(errorCode(Http.post(url + "/v1/rate-plans", restricted, """
                {"unit_type_id": "%s", "price_minor": 1, "currency": "GBP", "valid_from": "2030-01-01"}
                """.formatted(otherType)), 403)).isEqualTo("site_forbidden");

        assertThat(errorCode(Http.post(url + "/v1/price-rules", restricted, rule.formatted("Mine", "")), 403))
                .isEqualTo("site_forbidden");
        assertThat(errorCode(Http.post(url + "/v1/price-rules", restricted,
                rule.formatted("Mine", ", \"site_ids\": [\"" + otherSite + "\"]")), 403)).isEqualTo("site_forbidden");
        Http.Response mine = Http.post(url + "/v1/price-rules", restricted,
                rule.formatted("Mine", ", \"site_ids\": [\"" + site + "\"]"));
        assertThat(mine.status()).as(mine.body().toString()).isEqualTo(201);
        String mineRule = mine.data().path("id").asString();
        assertThat(Http.get(url + "/v1/price-rules", restricted).ids()).containsExactly(mineRule, global);
        assertThat(errorCode(Http.get(url + "/v1/price-rules/" + theirRule, restricted), 403))
                .isEqualTo("site_forbidden");
        assertThat(errorCode(Http.patch(url + "/v1/price-rules/" + global, restricted, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(Http.patch(url + "/v1/price-rules/" + mineRule, restricted, "{\"name\": \"Mine now\"}").data()
                .path("name").asString()).isEqualTo("Mine now");
    }
}
