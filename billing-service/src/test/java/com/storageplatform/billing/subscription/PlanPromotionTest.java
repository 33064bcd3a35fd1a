package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST} and {@code DELETE /v1/subscriptions/{id}/promotion}: a coupon put on a plan by code, one promotion at
 * a time, not on a plan that has stopped, taken off, and nothing written on a refusal.
 */
@PlatformTest
class PlanPromotionTest {

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
    void aPromotionCodePutsTheCouponOnThePlanFromTheApi() {
        f.bookings.coupon(f.caller, "AUTUMN-2", "percent", 10, "repeating", 2);
        String id = plan();

        JsonNode plan = put(id, "autumn-2");

        JsonNode promotion = plan.get("promotion");
        assertThat(promotion.get("code").asString()).isEqualTo("AUTUMN-2");
        assertThat(promotion.get("discount_kind").asString()).isEqualTo("percent");
        assertThat(promotion.get("discount_value").asLong()).isEqualTo(10);
        assertThat(promotion.get("periods_total").asInt()).isEqualTo(2);
        assertThat(promotion.get("periods_applied").asInt()).isZero();
        assertThat(promotion.get("source").asString()).isEqualTo("api");
        assertThat(f.api.read(f.caller, id)).isEqualTo(plan);
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created", "subscription.updated");
    }

    @Test
    void aPlanNotYetStartedTakesAPromotion() {
        f.bookings.coupon(f.caller, "WELCOME", "fixed_amount", 1000, "once", null);
        String id = f.monthlyPlan(f.agreement(today.plusDays(10), 9500), "").get("id").asString();

        assertThat(put(id, "WELCOME").get("promotion").get("code").asString()).isEqualTo("WELCOME");
    }

    @Test
    void aPlanWithAPromotionInForceRefusesAnotherUntilItIsTakenOff() {
        f.bookings.coupon(f.caller, "FIRST", "percent", 50, "once", null);
        f.bookings.coupon(f.caller, "SECOND", "percent", 20, "forever", null);
        String id = f.monthlyPlan(f.agreement(today, 9500), ", \"promotion_code\": \"FIRST\"").get("id").asString();

        assertConflict(id, "SECOND", "take it off first");

        f.api.delete(f.caller, id + "/promotion").expectStatus().isOk();
        assertThat(put(id, "SECOND").get("promotion").get("code").asString()).isEqualTo("SECOND");
    }

    @Test
    void aCancelledOrEndedPlanTakesNoPromotion() {
        f.bookings.coupon(f.caller, "LATE", "percent", 10, "once", null);
        String cancelled = plan();
        String ended = plan();
        status(cancelled, "cancelled");
        status(ended, "ended");

        assertConflict(cancelled, "LATE", "is cancelled");
        assertConflict(ended, "LATE", "is ended");
    }

    @Test
    void aCodeMustNameACouponThatAppliesToThePlanToday() {
        UUID otherUnitType = f.bookings.unitType(f.caller, f.site, "standard_20");
        f.bookings.coupon(f.caller, "OLD", "percent", 10, "once", null, "status", "archived");
        f.bookings.coupon(f.caller, "ELSEWHERE", "percent", 10, "once", null,
                "unit_type_ids", List.of(otherUnitType.toString()));
        f.bookings.coupon(f.caller, "HERE", "percent", 10, "once", null,
                "unit_type_ids", List.of(f.unitType.toString()));
        f.bookings.coupon(f.caller, "EUROS", "fixed_amount", 500, "once", null, "currency", "EUR");
        String id = plan();
        JsonNode before = f.api.read(f.caller, id);

        assertThat(issues(id, "{\"promotion_code\": \"NOPE\"}")).containsExactly("promotion_code not_found");
        assertThat(issues(id, "{\"promotion_code\": \"OLD\"}")).containsExactly("promotion_code not_allowed");
        assertThat(issues(id, "{\"promotion_code\": \"ELSEWHERE\"}")).containsExactly("promotion_code not_allowed");
        assertThat(issues(id, "{\"promotion_code\": \"EUROS\"}")).containsExactly("promotion_code invalid");
        assertThat(issues(id, "{}")).containsExactly("promotion_code required");
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created");

        assertThat(put(id, "HERE").get("promotion").get("code").asString()).isEqualTo("HERE");
    }

    @Test
    void takingThePromotionOffClearsItAndWithNoneAnswersThePlanAsItIs() {
        f.bookings.coupon(f.caller, "GONE", "percent", 10, "forever", null);
        String id = f.monthlyPlan(f.agreement(today, 9500), ", \"promotion_code\": \"GONE\"").get("id").asString();

        JsonNode plan = f.api.body(f.api.delete(f.caller, id + "/promotion").expectStatus().isOk()).get("data");

        assertThat(plan.get("promotion").isNull()).isTrue();
        assertThat(f.api.read(f.caller, id)).isEqualTo(plan);
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created", "subscription.updated");

        JsonNode again = f.api.body(f.api.delete(f.caller, id + "/promotion").expectStatus().isOk()).get("data");

        assertThat(again).isEqualTo(plan);
        assertThat(f.accounts.eventTypes(id)).hasSize(2);
    }

    @Test
    void anotherAccountsPlanIsNotFound() {
        f.bookings.coupon(f.caller, "MINE", "percent", 10, "forever", null);
        String id = f.monthlyPlan(f.agreement(today, 9500), ", \"promotion_code\": \"MINE\"").get("id").asString();
        var stranger = BillingApi.newAccount();

        f.api.action(stranger, id, "promotion", "{\"promotion_code\": \"MINE\"}").expectStatus().isNotFound();
        f.api.delete(stranger, id + "/promotion").expectStatus().isNotFound();
        assertThat(f.api.read(f.caller, id).get("promotion").get("code").asString()).isEqualTo("MINE");
    }

    /** An active monthly plan moving in today, without a promotion. */
    private String plan() {
        return f.monthlyPlan(f.agreement(today, 9500), "").get("id").asString();
    }

    private JsonNode put(String id, String code) {
        return f.api.body(f.api.action(f.caller, id, "promotion", "{\"promotion_code\": \"" + code + "\"}")
                .expectStatus().isOk()).get("data");
    }

    private List<String> issues(String id, String body) {
        return f.api.issues(f.api.action(f.caller, id, "promotion", body), 422);
    }

    /** Refused with 409 {@code conflict} and a message saying why; nothing written. */
    private void assertConflict(String id, String code, String messagePart) {
        JsonNode before = f.api.read(f.caller, id);
        List<String> events = f.accounts.eventTypes(id);

        String message = f.api.errorMessage(f.api.action(f.caller, id, "promotion",
                "{\"promotion_code\": \"" + code + "\"}"), 409, "conflict");

        assertThat(message).contains(messagePart);
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).isEqualTo(events);
    }

    private void status(String id, String status) {
        db.sql("UPDATE subscriptions SET status = :status WHERE id = :id")
                .bind("status", status).bind("id", UUID.fromString(id)).then().block();
    }
}
