package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST} and {@code DELETE /v1/subscriptions/{id}/renewal-date}: the bridge a move bills, which plans may move,
 * the new date's bounds, cancelling a move, and nothing written on a refusal.
 */
@PlatformTest
class RenewalDateTest {

    /**
     * A licence fee of 9500 and an alarm of 400 × 2 for 14 days of next month, each prorated on its own and rounded
     * half up, by the month's length: 9500 × 14 / 31 = 4290.32 and 800 × 14 / 31 = 361.29, so 4290 + 361 = 4651 (the
     * two together would be 4652); of 30 days 4433.33 + 373.33, so 4433 + 373 = 4806 (together 4807); of 29 days
     * 4586.21 + 386.21 = 4972; of 28 days 4750 + 400 = 5150.
     */
    static final Map<Integer, Long> BRIDGE_AMOUNT_BY_MONTH_LENGTH = Map.of(31, 4651L, 30, 4806L, 29, 4972L,
            28, 5150L);
    static final String FEE_AND_ALARM = """
            , "items": [{"item_type": "licence_fee"},
                        {"item_type": "fee", "description": "Alarm", "amount_minor": 400, "quantity": 2}]""";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    PlanFixtures f;
    LocalDate today;
    YearMonth nextMonth;

    @BeforeEach
    void setUp() {
        f = new PlanFixtures(client, json, db);
        today = LocalDate.now(ZoneId.of("Europe/London"));
        nextMonth = YearMonth.from(today).plusMonths(1);
    }

    @Test
    void movingAMonthlyPlanFromThe1stToThe15thPendsA14DayBridgeBillingTheFeeAndEachChargeProratedOnItsOwn() {
        String id = anchoredOnThe1st(FEE_AND_ALARM);

        JsonNode plan = move(id, nextMonth.atDay(15));

        JsonNode change = plan.get("pending_renewal_change");
        assertThat(change.get("bridge_start").asString()).isEqualTo(nextMonth.atDay(1).toString());
        assertThat(change.get("bridge_end").asString()).isEqualTo(nextMonth.atDay(14).toString());
        assertThat(change.get("new_period_start").asString()).isEqualTo(nextMonth.atDay(15).toString());
        assertThat(change.get("new_anchor_day").asInt()).isEqualTo(15);
        assertThat(change.get("bridge_days").asLong()).isEqualTo(14);
        assertThat(change.get("bridge_amount_minor").asLong())
                .isEqualTo(BRIDGE_AMOUNT_BY_MONTH_LENGTH.get(nextMonth.lengthOfMonth()));
        // The billing run moves these when it bills the bridge.
        assertThat(plan.get("next_billing_date").asString()).isEqualTo(nextMonth.atDay(1).toString());
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(1);
        assertThat(f.api.read(f.caller, id)).isEqualTo(plan);
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created", "subscription.updated");
    }

    @Test
    void aChargeBillsInTheBridgeOnlyWhenItRunsOnTheBridgesFirstDay() {
        String id = anchoredOnThe1st("""
                , "items": [{"item_type": "licence_fee"},
                            {"item_type": "fee", "description": "Alarm", "amount_minor": 400, "quantity": 2},
                            {"item_type": "fee", "description": "Ended", "amount_minor": 1000},
                            {"item_type": "fee", "description": "Later", "amount_minor": 1000}]""");
        LocalDate bridgeStart = nextMonth.atDay(1);
        charge(id, "Alarm", "ends_on", bridgeStart);
        charge(id, "Ended", "ends_on", bridgeStart.minusDays(1));
        charge(id, "Later", "starts_on", bridgeStart.plusDays(1));

        JsonNode plan = move(id, nextMonth.atDay(15));

        assertThat(plan.get("pending_renewal_change").get("bridge_amount_minor").asLong())
                .isEqualTo(BRIDGE_AMOUNT_BY_MONTH_LENGTH.get(nextMonth.lengthOfMonth()));
    }

    @Test
    void aPastDuePlanMovesItsRenewalDate() {
        String id = anchoredOnThe1st("");
        status(id, "past_due");

        assertThat(move(id, nextMonth.atDay(10)).get("pending_renewal_change").get("new_anchor_day").asInt())
                .isEqualTo(10);
    }

    @Test
    void aPlanThatIsNotActiveOrPastDueCannotMoveItsRenewalDate() {
        String pending = f.monthlyPlan(f.agreement(today.plusDays(10), 9500), "").get("id").asString();
        String cancelled = anchoredOnThe1st("");
        status(cancelled, "cancelled");

        assertConflict(pending, today.plusDays(12), "pending");
        assertConflict(cancelled, nextMonth.atDay(15), "cancelled");
    }

    @Test
    void aPlanWithAMovePendingRefusesAnotherUntilItIsCancelled() {
        String id = anchoredOnThe1st("");
        move(id, nextMonth.atDay(15));

        assertConflict(id, nextMonth.atDay(10), "cancel that move first");

        f.api.delete(f.caller, id + "/renewal-date").expectStatus().isOk();
        assertThat(move(id, nextMonth.atDay(10)).get("pending_renewal_change").get("new_period_start").asString())
                .isEqualTo(nextMonth.atDay(10).toString());
    }

    @Test
    void aPlanNextBilledOffItsAnchorCannotMoveItsRenewalDate() {
        int anchor = today.getDayOfMonth() == 1 ? 2 : 1;
        String id = f.monthlyPlan(f.agreement(today, 9500), ", \"anchor_day\": " + anchor).get("id").asString();

        assertConflict(id, today.plusDays(5), "off its anchor day");
    }

    @Test
    void theNewDateMustBeAfterTheNextBillingDateAndBeforeTheBillingDateAfterIt() {
        String id = anchoredOnThe1st("");
        JsonNode before = f.api.read(f.caller, id);

        assertThat(issues(id, nextMonth.atDay(1).toString())).containsExactly("next_billing_date below_minimum");
        assertThat(issues(id, today.toString())).containsExactly("next_billing_date below_minimum");
        assertThat(issues(id, nextMonth.plusMonths(1).atDay(1).toString()))
                .containsExactly("next_billing_date above_maximum");
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created");

        // The last day of the period is still inside it: a bridge of every day but one.
        LocalDate lastDay = nextMonth.atEndOfMonth();
        assertThat(move(id, lastDay).get("pending_renewal_change").get("bridge_days").asLong())
                .isEqualTo(nextMonth.lengthOfMonth() - 1);
    }

    @Test
    void theNewDateIsARequiredDate() {
        String id = anchoredOnThe1st("");

        assertThat(issues(id, "0000-01-01")).containsExactly("next_billing_date invalid");
        assertThat(issues(id, nextMonth + "-32")).containsExactly("next_billing_date invalid");
        assertThat(issues(id, "soon")).containsExactly("next_billing_date invalid");
        assertThat(f.api.issues(f.api.action(f.caller, id, "renewal-date", "{}"), 422))
                .containsExactly("next_billing_date required");
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created");
    }

    @Test
    void cancellingClearsThePendingMoveAndWithNonePendingAnswersThePlanAsItIs() {
        String id = anchoredOnThe1st("");
        JsonNode unmoved = f.api.read(f.caller, id);
        move(id, nextMonth.atDay(15));

        JsonNode cancelled = f.api.body(f.api.delete(f.caller, id + "/renewal-date").expectStatus().isOk())
                .get("data");

        assertThat(cancelled.get("pending_renewal_change").isNull()).isTrue();
        assertThat(cancelled.get("next_billing_date")).isEqualTo(unmoved.get("next_billing_date"));
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created", "subscription.updated",
                "subscription.updated");

        JsonNode again = f.api.body(f.api.delete(f.caller, id + "/renewal-date").expectStatus().isOk()).get("data");

        assertThat(again).isEqualTo(cancelled);
        assertThat(f.accounts.eventTypes(id)).hasSize(3);
    }

    @Test
    void anotherAccountsPlanIsNotFound() {
        String id = anchoredOnThe1st("");
        var stranger = BillingApi.newAccount();

        f.api.action(stranger, id, "renewal-date", body(nextMonth.atDay(15).toString())).expectStatus().isNotFound();
        f.api.delete(stranger, id + "/renewal-date").expectStatus().isNotFound();
        assertThat(f.api.read(f.caller, id).get("pending_renewal_change").isNull()).isTrue();
    }

    /** An active monthly plan moving in today, next billed on the 1st of next month, its anchor. */
    private String anchoredOnThe1st(String items) {
        return f.monthlyPlan(f.agreement(today, 9500), """
                , "next_billing_date": "%s", "anchor_day": 1%s""".formatted(nextMonth.atDay(1), items))
                .get("id").asString();
    }

    private JsonNode move(String id, LocalDate date) {
        return f.api.body(f.api.action(f.caller, id, "renewal-date", body(date.toString())).expectStatus().isOk())
                .get("data");
    }

    private List<String> issues(String id, String date) {
        return f.api.issues(f.api.action(f.caller, id, "renewal-date", body(date)), 422);
    }

    /** Refused with 409 {@code conflict} and a message saying why; nothing written. */
    private void assertConflict(String id, LocalDate date, String messagePart) {
        JsonNode before = f.api.read(f.caller, id);
        List<String> events = f.accounts.eventTypes(id);

        String message = f.api.errorMessage(f.api.action(f.caller, id, "renewal-date", body(date.toString())),
                409, "conflict");

        assertThat(message).contains(messagePart);
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).isEqualTo(events);
    }

    private static String body(String date) {
        return "{\"next_billing_date\": \"" + date + "\"}";
    }

    private void status(String id, String status) {
        db.sql("UPDATE subscriptions SET status = :status WHERE id = :id")
                .bind("status", status).bind("id", UUID.fromString(id)).then().block();
    }

    private void charge(String id, String description, String column, LocalDate date) {
        db.sql("UPDATE subscription_charges SET " + column + " = :date"
                        + " WHERE subscription_id = :id AND description = :description")
                .bind("date", date).bind("id", UUID.fromString(id)).bind("description", description).then().block();
    }
}
