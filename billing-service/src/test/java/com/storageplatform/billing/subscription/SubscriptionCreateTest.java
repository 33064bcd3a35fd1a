package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /v1/subscriptions}: a plan on an agreement or alone, its items, status from the start date, promotions
 * by code and from the booking, validation naming the field, tenants, events.
 */
@PlatformTest
class SubscriptionCreateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    PlanFixtures f;
    LocalDate today;

    @BeforeEach
    void setUp() {
        f = new PlanFixtures(client, json, db);
        today = LocalDate.now(ZoneId.of("Europe/London"));
    }

    @Test
    void noItemsMakesOneLicenceFeeLineAtTheUnitTypesVatTreatmentPendingUntilTheMoveInDate() {
        UUID reduced = f.bookings.unitType(f.caller, f.site, "reduced_5");
        UUID agreement = f.bookings.agreement(f.caller, f.customer, f.site, reduced, today.plusDays(10), 9500);

        JsonNode plan = f.monthlyPlan(agreement, "");

        assertThat(plan.get("object").asString()).isEqualTo("subscription");
        assertThat(plan.get("status").asString()).isEqualTo("pending");
        assertThat(plan.get("started_at").isNull()).isTrue();
        assertThat(plan.get("amount_minor").asLong()).isEqualTo(9500);
        assertThat(plan.get("next_billing_date").asString()).isEqualTo(today.plusDays(10).toString());
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(today.plusDays(10).getDayOfMonth());
        assertThat(plan.get("items")).hasSize(1);
        assertThat(plan.get("items").get(0).get("item_type").asString()).isEqualTo("licence_fee");
        assertThat(plan.get("items").get(0).get("vat_treatment").asString()).isEqualTo("reduced_5");
        assertThat(plan.get("default_rail").asString()).isEqualTo("offline");
        assertThat(plan.get("auto_collect").asBoolean()).isTrue();
        assertThat(plan.get("pending_renewal_change").isNull()).isTrue();
        assertThat(plan.get("promotion").isNull()).isTrue();
        assertThat(f.accounts.eventTypes(plan.get("id").asString())).containsExactly("subscription.created");
        assertThat(f.api.read(f.caller, plan.get("id").asString())).isEqualTo(plan);
    }

    @Test
    void aPlanWhoseStartDateIsTodayOrEarlierIsActiveAtCreation() {
        JsonNode plan = f.monthlyPlan(f.agreement(today.minusDays(3), 9500), "");

        assertThat(plan.get("status").asString()).isEqualTo("active");
        assertThat(plan.get("started_at").isNull()).isFalse();
        assertThat(plan.get("start_date").asString()).isEqualTo(today.minusDays(3).toString());
    }

    @Test
    void aWeeklyPlanIsPricedFromTheAgreementsMonthlyFeeAndAnchoredOnTheWeekday() {
        JsonNode plan = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "week",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(f.customer, f.site, f.agreement(today.plusDays(1), 5200)));

        // 52 weeks are 12 months: 5200 a month is 1200 a week.
        assertThat(plan.get("amount_minor").asLong()).isEqualTo(1200);
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(today.plusDays(1).getDayOfWeek().getValue());
    }

    @Test
    void coverageIsNotAnItemType() {
        var response = f.api.post(f.caller, f.body(f.agreement(today, 9500), """
                , "items": [{"item_type": "licence_fee"}, {"item_type": "coverage"}]"""));

        assertThat(f.api.issues(response, 422)).containsExactly("items[1].item_type not_allowed");
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        var response = f.api.post(f.caller, """
                {"contact_id": "nope", "billing_interval": "fortnight", "interval_count": 0, "currency": "gbp",
                 "anchor_day": 32, "next_billing_date": "0000-01-01", "default_rail": "cheque",
                 "items": [{"item_type": "fee"}, {"item_type": "product"}, {"item_type": "licence_fee"}]}
                """);

        assertThat(f.api.issues(response, 422)).contains("contact_id invalid", "site_id required",
                "billing_interval invalid", "interval_count below_minimum", "currency invalid",
                "anchor_day above_maximum", "next_billing_date invalid", "default_rail invalid",
                "items[0].description required", "items[0].amount_minor required", "items[1].product_id required",
                "items[2].item_type not_allowed");
    }

    @Test
    void aPlanWithoutAnAgreementHasNoLicenceFeeAndBillsItsRepeatingCharges() {
        UUID boxes = f.bookings.product(f.caller, "Archive boxes", 345);
        JsonNode plan = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "start_date": "%s",
                 "items": [{"item_type": "product", "product_id": "%s", "quantity": 2},
                           {"item_type": "fee", "description": "Admin fee", "amount_minor": 12000,
                            "price_interval": "year"}]}
                """.formatted(f.customer, f.site, today.plusDays(2), boxes));

        assertThat(plan.get("agreement_id").isNull()).isTrue();
        assertThat(plan.get("amount_minor").asLong()).isZero();
        assertThat(plan.get("items")).hasSize(2);
        JsonNode product = plan.get("items").get(0);
        assertThat(product.get("item_type").asString()).isEqualTo("product");
        assertThat(product.get("description").asString()).isEqualTo("Archive boxes");
        assertThat(product.get("amount_minor").asLong()).isEqualTo(345);
        assertThat(product.get("quantity").asInt()).isEqualTo(2);
        JsonNode fee = plan.get("items").get(1);
        assertThat(fee.get("amount_minor").asLong()).isEqualTo(1000);
        assertThat(fee.get("price_minor").asLong()).isEqualTo(12000);
        assertThat(fee.get("price_interval").asString()).isEqualTo("year");
    }

    @Test
    void aLicenceFeeOrAmountOnAPlanWithoutAnAgreementIsRefused() {
        var response = f.api.post(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "amount_minor": 5000, "items": [{"item_type": "licence_fee"}]}
                """.formatted(f.customer, f.site));

        assertThat(f.api.issues(response, 422)).containsExactlyInAnyOrder("amount_minor not_allowed",
                "items[0].item_type not_allowed");
    }

    @Test
    void theAgreementMustBeTheCustomersAndKnown() {
        UUID someoneElse = f.accounts.customer(f.caller);
        UUID theirs = f.bookings.agreement(f.caller, someoneElse, f.site, f.unitType, today, 9500);

        assertThat(f.api.issues(f.api.post(f.caller, f.body(theirs, "")), 422))
                .containsExactly("agreement_id not_allowed");
        assertThat(f.api.issues(f.api.post(f.caller, f.body(com.storageplatform.kit.id.Ids.newId(), "")), 422))
                .containsExactly("agreement_id not_found");
    }

    @Test
    void aPromotionCodePutsTheCouponOnThePlanForItsDuration() {
        f.bookings.coupon(f.caller, "SPRING-3", "percent", 25, "repeating", 3);

        JsonNode plan = f.monthlyPlan(f.agreement(today, 9500), ", \"promotion_code\": \"spring-3\"");

        JsonNode promotion = plan.get("promotion");
        assertThat(promotion.get("code").asString()).isEqualTo("SPRING-3");
        assertThat(promotion.get("discount_kind").asString()).isEqualTo("percent");
        assertThat(promotion.get("discount_value").asLong()).isEqualTo(25);
        assertThat(promotion.get("periods_total").asInt()).isEqualTo(3);
        assertThat(promotion.get("periods_applied").asInt()).isZero();
        assertThat(promotion.get("source").asString()).isEqualTo("code");
    }

    @Test
    void anUnknownOrArchivedPromotionCodeIsRefused() {
        f.bookings.coupon(f.caller, "OLD", "percent", 25, "once", null, "status", "archived");
        UUID agreement = f.agreement(today, 9500);

        assertThat(f.api.issues(f.api.post(f.caller, f.body(agreement, ", \"promotion_code\": \"NOPE\"")), 422))
                .containsExactly("promotion_code not_found");
        assertThat(f.api.issues(f.api.post(f.caller, f.body(agreement, ", \"promotion_code\": \"OLD\"")), 422))
                .containsExactly("promotion_code not_allowed");
    }

    @Test
    void theReservationsPromotionIsPutOnTheAgreementsFirstPlanOnly() {
        UUID coupon = f.bookings.coupon(f.caller, "FIRST-HALF", "percent", 50, "once", null);
        UUID reservation = f.bookings.booking(f.caller, "reservation", coupon);
        UUID agreement = f.agreement(today, 9500, "reservation_id", reservation.toString());

        JsonNode first = f.monthlyPlan(agreement, "");
        JsonNode second = f.monthlyPlan(agreement, ", \"items\": [{\"item_type\": \"fee\", "
                + "\"description\": \"Alarm\", \"amount_minor\": 500}]");

        assertThat(first.get("promotion").get("source").asString()).isEqualTo("reservation");
        assertThat(first.get("promotion").get("periods_total").asInt()).isEqualTo(1);
        assertThat(second.get("promotion").isNull()).isTrue();
    }

    @Test
    void anotherAccountCannotReadThePlan() {
        JsonNode plan = f.monthlyPlan(f.agreement(today, 9500), "");

        f.api.get(BillingApi.newAccount(), "/" + plan.get("id").asString()).expectStatus().isNotFound();
    }

    @Test
    void plansAreListedByCustomerAndAgreement() {
        UUID agreement = f.agreement(today, 9500);
        String id = f.monthlyPlan(agreement, "").get("id").asString();

        assertThat(f.api.listedIds(f.caller, "?agreement_id=" + agreement)).containsExactly(id);
        assertThat(f.api.listedIds(f.caller, "?contact_id=" + f.customer + "&status=active")).contains(id);
        assertThat(f.api.listedIds(f.caller, "?status=ended")).doesNotContain(id);
    }
}
