package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /v1/price-increases}: one increase per plan named or matched by site and unit type, all in one
 * transaction; a refusal of any plan writes nothing and names it.
 */
@PlatformTest
class PriceIncreaseBulkTest extends PlanRunTest {

    static final String CHANGE = "\"increase_percent\": 10, \"effective_date\": \"2027-05-01\"";

    @Test
    void thePlansNamedEachTakeTheChangeOnTheirOwnPrice() {
        String a = plan(f.site, f.unitType, 6200);
        String b = plan(f.site, f.unitType, 5005);

        List<JsonNode> scheduled = bulk("{\"subscription_ids\": [\"" + b + "\", \"" + a + "\"], " + CHANGE + "}");

        assertThat(scheduled).extracting(i -> i.get("subscription_id").asString())
                .containsExactlyInAnyOrder(a, b);
        assertThat(scheduled).extracting(i -> i.get("old_amount_minor").asLong() + " -> "
                + i.get("new_amount_minor").asLong())
                // 5005 x 10% = 500.5 -> 501 (half up).
                .containsExactlyInAnyOrder("6200 -> 6820", "5005 -> 5506");
        for (JsonNode increase : scheduled) {
            assertThat(f.accounts.eventTypes(increase.get("id").asString()))
                    .containsExactly("price_increase.scheduled");
        }
    }

    @Test
    void aSiteMatchesItsPlansThatArePendingActiveOrPastDueWithALicenceFee() {
        UUID otherSite = f.bookings.site(f.caller);
        String active = plan(f.site, f.unitType, 6200);
        String pending = f.monthlyPlan(f.agreement(TODAY.plusDays(20), 5000), "").get("id").asString();
        plan(otherSite, f.unitType, 4000);
        String cancelled = plan(f.site, f.unitType, 3000);
        f.api.action(f.caller, cancelled, "cancel", "{\"effective_date\": \"2027-06-30\"}").expectStatus().isOk();
        f.api.createId(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "items": [{"item_type": "fee", "description": "Alarm", "amount_minor": 1000}]}
                """.formatted(f.customer, f.site));

        assertThat(plansOf(bulk("{\"site_id\": \"" + f.site + "\", " + CHANGE + "}")))
                .containsExactly(active, pending);
    }

    @Test
    void aUnitTypeMatchesItsPlansAtEverySiteOrAtTheSiteNamed() {
        UUID otherSite = f.bookings.site(f.caller);
        UUID otherType = f.bookings.unitType(f.caller, f.site, "standard_20");
        String here = plan(f.site, f.unitType, 6200);
        String there = plan(otherSite, f.unitType, 4000);
        String large = plan(f.site, otherType, 9000);
        plan(otherSite, otherType, 9000);

        assertThat(plansOf(bulk("{\"site_id\": \"" + f.site + "\", \"unit_type_id\": \"" + otherType + "\", "
                + CHANGE + "}"))).containsExactly(large);
        assertThat(plansOf(bulk("{\"unit_type_id\": \"" + f.unitType + "\", " + CHANGE + "}")))
                .containsExactly(here, there);
    }

    @Test
    void oneRefusedPlanRefusesTheWholeRequestNamingItAndNothingIsWritten() {
        String a = plan(f.site, f.unitType, 6200);
        String b = plan(f.site, f.unitType, 5000);
        f.api.action(f.caller, b, "price-increases", "{\"amount_minor\": 5500, \"effective_date\": \"2027-06-01\"}")
                .expectStatus().isCreated();
        String body = "{\"subscription_ids\": [\"" + a + "\", \"" + b + "\"], " + CHANGE + "}";

        assertThat(increases().issues(increases().post(f.caller, body)))
                .containsExactly("subscription_ids[1] not_allowed");
        assertThat(increases().errorMessage(increases().post(f.caller, body), 422, "validation_error"))
                .contains("Plan " + b).contains("scheduled already");
        assertThat(increases().listedIds(f.caller, "?subscription_id=" + a)).isEmpty();

        assertThat(increases().issues(increases().post(f.caller, "{\"site_id\": \"" + f.site + "\", " + CHANGE
                + "}"))).containsExactly("site_id not_allowed");
        assertThat(increases().listedIds(f.caller, "?subscription_id=" + a)).isEmpty();
    }

    @Test
    void theEffectiveDateMustGiveEveryPlanTheOperatorsNoticeNamedOnce() {
        String a = plan(f.site, f.unitType, 6200);
        String b = plan(f.site, f.unitType, 5000);
        String body = "{\"subscription_ids\": [\"" + a + "\", \"" + b + "\"], \"amount_minor\": 5500, "
                + "\"effective_date\": \"2027-04-06\"}";

        assertThat(increases().issues(increases().post(f.caller, body)))
                .containsExactly("effective_date below_minimum", "subscription_ids[0] below_minimum");
        assertThat(increases().errorMessage(increases().post(f.caller, body), 422, "validation_error"))
                .contains("28 days").contains("2027-04-07").contains("Plan " + a);
        assertThat(increases().listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void aFilterMatchingNoPlanIsRefused() {
        assertThat(increases().issues(increases().post(f.caller, "{\"site_id\": \"" + f.bookings.site(f.caller)
                + "\", " + CHANGE + "}"))).containsExactly("site_id not_found");
    }

    @Test
    void theFilterIsNamedOneWayAndEveryIdMustBeAPlanOfTheAccount() {
        String a = plan(f.site, f.unitType, 6200);
        PlanFixtures other = new PlanFixtures(client, json, db);
        String stranger = other.monthlyPlan(other.agreement(TODAY, 5000), "").get("id").asString();

        assertThat(increases().issues(increases().post(f.caller, "{" + CHANGE + "}")))
                .containsExactly("subscription_ids required");
        assertThat(increases().issues(increases().post(f.caller, "{\"subscription_ids\": [], \"site_id\": \""
                + f.site + "\", " + CHANGE + "}")))
                .containsExactly("site_id not_allowed", "subscription_ids required");
        assertThat(increases().issues(increases().post(f.caller, "{\"subscription_ids\": [\"" + a + "\", \"x\", \""
                + a + "\"], " + CHANGE + "}")))
                .containsExactly("subscription_ids[1] invalid", "subscription_ids[2] duplicate");
        assertThat(increases().issues(increases().post(f.caller, "{\"subscription_ids\": [\"" + a + "\", \""
                + stranger + "\"], " + CHANGE + "}"))).containsExactly("subscription_ids[1] not_found");
        List<String> many = new ArrayList<>();
        for (int i = 0; i <= PriceIncreases.MAX_PLANS; i++) {
            many.add("\"" + Ids.newId() + "\"");
        }
        assertThat(increases().issues(increases().post(f.caller,
                "{\"subscription_ids\": [" + String.join(", ", many) + "], " + CHANGE + "}")))
                .containsExactly("subscription_ids above_maximum");
    }

    private String plan(UUID site, UUID unitType, long fee) {
        UUID agreement = f.bookings.agreement(f.caller, f.customer, site, unitType, TODAY, fee);
        return f.api.createId(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(f.customer, site, agreement));
    }

    private BillingApi increases() {
        return f.api.on("/v1/price-increases");
    }

    private List<JsonNode> bulk(String body) {
        List<JsonNode> data = new ArrayList<>();
        increases().body(increases().post(f.caller, body).expectStatus().isCreated()).get("data").forEach(data::add);
        return data;
    }

    private static List<String> plansOf(List<JsonNode> increases) {
        return increases.stream().map(i -> i.get("subscription_id").asString()).toList();
    }
}
