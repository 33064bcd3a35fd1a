package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Instant;
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
 * {@code PATCH /v1/subscriptions/{id}}: only the fields sent change, each of the spec's PATCH rules, the order of
 * refusals, and that a refusal writes nothing (the plan reads as before and no {@code subscription.updated}).
 */
@PlatformTest
class SubscriptionPatchTest {

    static final String CREATED = "subscription.created";
    static final String UPDATED = "subscription.updated";

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

    /** A plan moving in on {@code moveIn} at 9500 a month, with {@code extra} JSON members. */
    String plan(LocalDate moveIn, String extra) {
        return f.monthlyPlan(f.agreement(moveIn, 9500), extra).get("id").asString();
    }

    String pending() {
        return plan(today.plusDays(10), "");
    }

    String active() {
        return plan(today.minusDays(3), "");
    }

    /** Sets columns of the plan's row as the billing run or another endpoint would have left them. */
    void set(String id, String assignments, Object... binds) {
        DatabaseClient.GenericExecuteSpec update = db.sql("UPDATE subscriptions SET " + assignments
                + " WHERE id = :id").bind("id", UUID.fromString(id));
        for (int i = 0; i < binds.length; i += 2) {
            update = update.bind((String) binds[i], binds[i + 1]);
        }
        update.then().block();
    }

    void chargesStartOn(String id, LocalDate startsOn) {
        db.sql("UPDATE subscription_charges SET starts_on = :starts_on WHERE subscription_id = :id")
                .bind("starts_on", startsOn).bind("id", UUID.fromString(id)).then().block();
    }

    JsonNode patched(String id, String body) {
        return f.api.updated(f.caller, id, body);
    }

    /** The refusal's message; the plan reads as before and no {@code subscription.updated} was written. */
    String refused(String id, String body, int status, String code) {
        JsonNode before = f.api.read(f.caller, id);
        String message = f.api.errorMessage(f.api.patch(f.caller, id, body), status, code);
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
        return message;
    }

    /** The 422's issues; the plan reads as before and no {@code subscription.updated} was written. */
    List<String> invalid(String id, String body) {
        JsonNode before = f.api.read(f.caller, id);
        List<String> issues = f.api.issues(f.api.patch(f.caller, id, body), 422);
        assertThat(f.api.read(f.caller, id)).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
        return issues;
    }

    static long amountOf(JsonNode plan, String description) {
        for (JsonNode item : plan.get("items").values()) {
            if (item.get("description").asString().equals(description)) {
                return item.get("amount_minor").asLong();
            }
        }
        throw new AssertionError("no item " + description);
    }

    String card() {
        return f.api.on("/v1/payment-methods").createId(f.caller, """
                {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                """.formatted(f.customer));
    }

    /** A mandate awaiting authorisation, on a bank account of the customer's. */
    String mandate() {
        f.api.on("/v1/payment-methods").createId(f.caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "20-00-00",
                                  "account_number": "55779911"}}
                """.formatted(f.customer));
        return f.api.on("/v1/mandates").createId(f.caller, "{\"contact_id\": \"%s\"}".formatted(f.customer));
    }

    // What changes

    @Test
    void onlyTheFieldsSentChangeAndAChangePublishesSubscriptionUpdatedOnceAndBumpsUpdatedAt() {
        String id = plan(today.minusDays(3), ", \"customer_reference\": \"A12\"");
        JsonNode before = f.api.read(f.caller, id);

        JsonNode plan = patched(id, "{\"auto_collect\": false, \"customer_reference\": null}");

        assertThat(plan.get("auto_collect").asBoolean()).isFalse();
        assertThat(plan.get("customer_reference").isNull()).isTrue();
        assertThat(plan.get("amount_minor")).isEqualTo(before.get("amount_minor"));
        assertThat(plan.get("default_rail")).isEqualTo(before.get("default_rail"));
        assertThat(Instant.parse(plan.get("updated_at").asString()))
                .isAfter(Instant.parse(before.get("updated_at").asString()));
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED, UPDATED);
        assertThat(f.accounts.events(id).get(1).get("data")).isEqualTo(plan);
        assertThat(f.api.read(f.caller, id)).isEqualTo(plan);
    }

    @Test
    void aRequestThatChangesNothingAnswersThePlanAsItIsWithNoEvent() {
        String id = active();
        JsonNode before = f.api.read(f.caller, id);

        JsonNode plan = patched(id, """
                {"billing_interval": "month", "interval_count": 1, "amount_minor": 9500, "auto_collect": true,
                 "collection_waived": false, "default_rail": "offline", "expected_amount_minor": 9500}
                """);

        assertThat(plan).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
    }

    @Test
    void anotherAccountsPlanIsNotFound() {
        String id = active();

        f.api.patch(BillingApi.newAccount(), id, "{\"auto_collect\": false}").expectStatus().isNotFound();
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        String id = pending();

        assertThat(invalid(id, """
                {"billing_interval": "fortnight", "interval_count": 13, "amount_minor": -1,
                 "next_billing_date": "0000-01-01", "anchor_day": 32, "auto_collect": null,
                 "payment_method_id": "card", "mandate_id": "nope", "default_rail": "cheque"}
                """)).containsExactlyInAnyOrder("billing_interval invalid", "interval_count above_maximum",
                "amount_minor below_minimum", "next_billing_date invalid", "anchor_day above_maximum",
                "auto_collect required", "payment_method_id invalid", "mandate_id invalid", "default_rail invalid");
    }

    @Test
    void anUnknownFieldIsRefused() {
        String id = active();

        assertThat(invalid(id, "{\"status\": \"ended\"}")).containsExactly("status unknown_field");
    }

    @Test
    void aCancelledOrEndedPlanCannotChange() {
        for (String status : List.of("cancelled", "ended")) {
            String id = active();
            set(id, "status = :status", "status", status);

            assertThat(refused(id, "{\"auto_collect\": false}", 409, "conflict")).contains(status);
        }
    }

    // Rule 1

    @Test
    void rule1ARunningPlansNextBillingDateAndAnchorDayGoToTheRenewalDateEndpointEvenAtTheirCurrentValues() {
        String id = active();
        set(id, "status = 'past_due'");
        JsonNode plan = f.api.read(f.caller, id);
        String sameDate = "{\"next_billing_date\": \"%s\"}".formatted(plan.get("next_billing_date").asString());
        String sameAnchor = "{\"anchor_day\": %d}".formatted(plan.get("anchor_day").asInt());

        assertThat(refused(id, sameDate, 409, "subscription_renewal_date_endpoint"))
                .contains("POST /v1/subscriptions/" + id + "/renewal-date");
        assertThat(refused(id, sameAnchor, 409, "subscription_renewal_date_endpoint"))
                .contains("/renewal-date");
        String other = active();
        assertThat(refused(other, "{\"anchor_day\": 1, \"auto_collect\": false}", 409,
                "subscription_renewal_date_endpoint")).contains("/renewal-date");
    }

    // Rule 2

    @Test
    void rule2APendingPlansNextBillingDateOnOrBeforeTheEndOfAnInvoicedPeriodIsRefused() {
        String id = pending();
        set(id, "current_period_start = :start, current_period_end = :end", "start", today.plusDays(10),
                "end", today.plusDays(20));

        assertThat(refused(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(20)), 409, "conflict"))
                .contains("already invoiced");
        refused(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(15)), 409, "conflict");
        assertThat(patched(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(21)))
                .get("next_billing_date").asString()).isEqualTo(today.plusDays(21).toString());
    }

    @Test
    void rule2APendingPlansNextBillingDateStaysWhileChargesStartOnTheMoveInDate() {
        String id = plan(today.plusDays(10), ", \"next_billing_date\": \"%s\", \"items\": [{\"item_type\": "
                .formatted(today.plusDays(12)) + "\"licence_fee\"}, {\"item_type\": \"fee\", \"description\": "
                + "\"Alarm\", \"amount_minor\": 500}]");
        chargesStartOn(id, today.plusDays(10));

        assertThat(refused(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(14)), 409, "conflict"))
                .contains("\"Alarm\"", "move move_in_date instead");
    }

    @Test
    void rule2APendingPlansNextBillingDateStaysWhileChargesStartOnIt() {
        String id = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "start_date": "%s",
                 "items": [{"item_type": "fee", "description": "Alarm", "amount_minor": 500}]}
                """.formatted(f.customer, f.site, today.plusDays(5))).get("id").asString();
        chargesStartOn(id, today.plusDays(5));

        assertThat(refused(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(8)), 409, "conflict"))
                .contains("\"Alarm\" starts on " + today.plusDays(5), "next_billing_date");
        // Sending the date it already has moves nothing.
        assertThat(patched(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(5)))
                .get("next_billing_date").asString()).isEqualTo(today.plusDays(5).toString());
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
    }

    @Test
    void rule2APendingPlansNextBillingDateBeforeItsStartIsBelowMinimum() {
        String id = pending();

        assertThat(invalid(id, "{\"next_billing_date\": \"%s\"}".formatted(today.plusDays(9))))
                .containsExactly("next_billing_date below_minimum");
    }

    @Test
    void rule2APendingPlanTakesANewNextBillingDateAndAnchorDay() {
        String id = pending();

        JsonNode plan = patched(id, "{\"next_billing_date\": \"%s\", \"anchor_day\": 28}"
                .formatted(today.plusDays(12)));

        assertThat(plan.get("next_billing_date").asString()).isEqualTo(today.plusDays(12).toString());
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(28);
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED, UPDATED);
        assertThat(invalid(pending(), "{\"billing_interval\": \"week\", \"anchor_day\": 8}"))
                .containsExactly("anchor_day above_maximum");
    }

    // Rule 3

    @Test
    void rule3WhileARenewalDateMoveWaitsTheIntervalAndCountCannotChange() {
        String id = active();
        set(id, "pending_renewal_change = CAST(:change AS jsonb)", "change", """
                {"bridge_start": "%s", "bridge_end": "%s", "new_period_start": "%s", "new_anchor_day": 20,
                 "bridge_days": 5, "bridge_amount_minor": 1500}""".formatted(today, today.plusDays(4),
                today.plusDays(5)));

        assertThat(refused(id, "{\"billing_interval\": \"year\"}", 409, "conflict"))
                .contains("pending_renewal_change");
        refused(id, "{\"interval_count\": 3}", 409, "conflict");
        assertThat(patched(id, "{\"interval_count\": 1, \"amount_minor\": 9900}").get("amount_minor").asLong())
                .isEqualTo(9900);
    }

    // Rule 4

    @Test
    void rule4APlanWithNoLicenceFeeKeepsItsAmountAndTheSameAmountIsNoChange() {
        String id = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "items": [{"item_type": "fee", "description": "Alarm", "amount_minor": 500}]}
                """.formatted(f.customer, f.site)).get("id").asString();

        assertThat(refused(id, "{\"amount_minor\": 100}", 409, "conflict")).contains("no licence fee");
        assertThat(patched(id, "{\"amount_minor\": 0}").get("amount_minor").asLong()).isZero();
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED);
    }

    // Rule 5

    @Test
    void rule5ANewIntervalRepricesEachChargeFromItsOwnPriceAndLeavesTheLicenceFeeUnlessAmountMinorIsSent() {
        UUID boxes = f.bookings.product(f.caller, "Archive boxes", 345);
        String items = ", \"items\": [{\"item_type\": \"licence_fee\"}, {\"item_type\": \"fee\", \"description\": "
                + "\"Alarm\", \"amount_minor\": 500}, {\"item_type\": \"product\", \"product_id\": \"" + boxes
                + "\"}]";
        String id = plan(today.minusDays(3), items);

        JsonNode yearly = patched(id, "{\"billing_interval\": \"year\"}");

        assertThat(yearly.get("billing_interval").asString()).isEqualTo("year");
        assertThat(amountOf(yearly, "Alarm")).isEqualTo(6000);
        assertThat(amountOf(yearly, "Archive boxes")).isEqualTo(4140);
        assertThat(amountOf(yearly, "Licence fee")).isEqualTo(9500);
        assertThat(yearly.get("amount_minor").asLong()).isEqualTo(9500);
        assertThat(f.accounts.eventTypes(id)).containsExactly(CREATED, UPDATED);

        String other = plan(today.minusDays(3), items);
        JsonNode withFee = patched(other, "{\"billing_interval\": \"year\", \"amount_minor\": 114000}");
        assertThat(withFee.get("amount_minor").asLong()).isEqualTo(114000);
        assertThat(amountOf(withFee, "Alarm")).isEqualTo(6000);
    }

    @Test
    void rule5AChargeWithNoPriceOfItsOwnOnAPlanBilledEveryTwoIntervalsRefusesTheWholeChange() {
        String id = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 2, "currency": "GBP",
                 "items": [{"item_type": "licence_fee"},
                           {"item_type": "fee", "description": "Key fob", "amount_minor": 300,
                            "price_interval": "month"},
                           {"item_type": "fee", "description": "Alarm", "amount_minor": 500}]}
                """.formatted(f.customer, f.site, f.agreement(today.minusDays(3), 9500))).get("id").asString();

        assertThat(refused(id, "{\"interval_count\": 1, \"amount_minor\": 4000}", 409, "conflict"))
                .contains("\"Alarm\" has no price of its own");
    }

    @Test
    void rule5AChargeThatCannotBePricedForTheNewPeriodRefusesTheWholeChange() {
        String id = plan(today.minusDays(3), ", \"items\": [{\"item_type\": \"licence_fee\"}, {\"item_type\": "
                + "\"fee\", \"description\": \"Alarm\", \"amount_minor\": 500}, {\"item_type\": \"fee\", "
                + "\"description\": \"Key fob\", \"amount_minor\": 1}]");

        assertThat(refused(id, "{\"billing_interval\": \"week\"}", 409, "conflict"))
                .contains("\"Key fob\"", "cannot be priced");
    }

    @Test
    void rule5AWeeklyAnchorThatNoLongerFitsBecomesTheDayOfTheNextBillingDate() {
        String id = f.api.create(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "week",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(f.customer, f.site, f.agreement(today.minusDays(3), 5200))).get("id").asString();
        LocalDate next = LocalDate.parse(f.api.read(f.caller, id).get("next_billing_date").asString());

        JsonNode monthly = patched(id, "{\"billing_interval\": \"month\"}");

        assertThat(monthly.get("anchor_day").asInt()).isEqualTo(next.getDayOfMonth());
        assertThat(monthly.get("next_billing_date").asString()).isEqualTo(next.toString());
    }

    // Rule 6

    @Test
    void rule6AnExpectedAmountThatIsNoLongerThePlansRefusesTheChange() {
        String id = active();

        assertThat(refused(id, "{\"expected_amount_minor\": 9000, \"amount_minor\": 9900}", 409, "conflict"))
                .contains("9500");
        assertThat(patched(id, "{\"expected_amount_minor\": 9500, \"amount_minor\": 9900}").get("amount_minor")
                .asLong()).isEqualTo(9900);
    }

    // Rule 7

    @Test
    void rule7ClearingCollectionWaivedEndsAStandingOrder() {
        String id = plan(today.minusDays(3), ", \"collection_waived\": true");
        set(id, "standing_order = true");

        JsonNode plan = patched(id, "{\"collection_waived\": false}");

        assertThat(plan.get("collection_waived").asBoolean()).isFalse();
        assertThat(plan.get("standing_order").asBoolean()).isFalse();
    }

    @Test
    void rule7BindingACardEndsAStandingOrderAndCollectsByCard() {
        String id = active();
        set(id, "standing_order = true");
        String card = card();

        JsonNode plan = patched(id, "{\"payment_method_id\": \"%s\"}".formatted(card));

        assertThat(plan.get("payment_method_id").asString()).isEqualTo(card);
        assertThat(plan.get("standing_order").asBoolean()).isFalse();
        assertThat(plan.get("default_rail").asString()).isEqualTo("card");
        JsonNode unbound = patched(id, "{\"payment_method_id\": null}");
        assertThat(unbound.get("payment_method_id").isNull()).isTrue();
    }

    // The card and mandate

    @Test
    void aMandateOfTheCustomersIsBoundAndNullUnbindsIt() {
        String id = active();
        String mandate = mandate();

        assertThat(patched(id, "{\"mandate_id\": \"%s\", \"default_rail\": \"bacs_dd\"}".formatted(mandate))
                .get("mandate_id").asString()).isEqualTo(mandate);
        assertThat(patched(id, "{\"mandate_id\": null}").get("mandate_id").isNull()).isTrue();
    }

    @Test
    void aCardOrMandateThatIsNotTheCustomersIsNotFound() {
        String id = active();
        UUID someoneElse = f.accounts.customer(f.caller);
        String theirCard = f.api.on("/v1/payment-methods").createId(f.caller, """
                {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                """.formatted(someoneElse));

        assertThat(invalid(id, "{\"payment_method_id\": \"%s\", \"mandate_id\": \"%s\"}".formatted(theirCard,
                Ids.newId()))).containsExactlyInAnyOrder("payment_method_id not_found", "mandate_id not_found");
    }

    @Test
    void refusalsAreJudgedNotFoundThenBodyThenStateThenCards() {
        String id = active();
        String unknownCard = "\"payment_method_id\": \"%s\"".formatted(Ids.newId());

        f.api.patch(BillingApi.newAccount(), id, "{\"amount_minor\": -1}").expectStatus().isNotFound();
        assertThat(invalid(id, "{\"amount_minor\": -1, \"anchor_day\": 3}"))
                .containsExactly("amount_minor below_minimum");
        refused(id, "{\"anchor_day\": 3, " + unknownCard + "}", 409, "subscription_renewal_date_endpoint");
        assertThat(invalid(id, "{\"amount_minor\": 9900, " + unknownCard + "}"))
                .containsExactly("payment_method_id not_found");
    }
}
