package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.Subscription.PendingRenewalChange;
import com.storageplatform.billing.subscription.SubscriptionChangeRules.Change;
import com.storageplatform.billing.subscription.SubscriptionChangeRules.Sent;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pure rules of a plan's PATCH: the body's fields, the state refusals in the spec's order, the plan after. */
class SubscriptionChangeRulesTest {

    static final LocalDate START = LocalDate.of(2026, 1, 15);
    static final LocalDate NEXT = LocalDate.of(2026, 3, 15);
    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    /** A monthly plan billing 9500 on the 15th, offline, in {@code status}. */
    static Plan plan(String status) {
        return new Plan(Ids.newId(), Ids.newId(), Ids.newId(), Ids.newId(), status, "month", 1, "GBP", 9500, true,
                "standard_20", "Licence fee", START, null, null, NEXT, 15, null, null, null, "offline", true, false,
                false, null, "Europe/London", null, null, null, null, null, NOW, NOW);
    }

    /** A repeating charge of 1000 a month. */
    static Item monthly(String description, LocalDate startsOn) {
        return new Item(Ids.newId(), Item.PRODUCT, description, Ids.newId(), null, 1, 1000, 1000L, "month", 1,
                "standard_20", startsOn, null);
    }

    /** A body of {@code field, value} pairs; a null value is sent as {@code null}. */
    @SuppressWarnings("unchecked")
    static SubscriptionChanges body(Object... pairs) {
        Map<String, Patch<?>> sent = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            sent.put((String) pairs[i], Patch.of(pairs[i + 1]));
        }
        return new SubscriptionChanges((Patch<String>) sent.get("billing_interval"),
                (Patch<Integer>) sent.get("interval_count"), (Patch<Long>) sent.get("amount_minor"),
                (Patch<String>) sent.get("next_billing_date"), (Patch<Integer>) sent.get("anchor_day"),
                (Patch<Long>) sent.get("expected_amount_minor"), (Patch<Boolean>) sent.get("collection_waived"),
                (Patch<Boolean>) sent.get("auto_collect"), (Patch<Boolean>) sent.get("standing_order"),
                (Patch<String>) sent.get("payment_method_id"), (Patch<String>) sent.get("mandate_id"),
                (Patch<String>) sent.get("default_rail"), (Patch<String>) sent.get("customer_reference"));
    }

    static Sent sent(Plan plan, Object... pairs) {
        return SubscriptionChangeRules.check(Validation.start(), body(pairs), plan);
    }

    static Change judge(Plan plan, List<Item> charges, Object... pairs) {
        return SubscriptionChangeRules.judge(plan, sent(plan, pairs), charges, null);
    }

    static List<String> issues(Plan plan, Object... pairs) {
        try {
            sent(plan, pairs);
            return List.of();
        } catch (ApiException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
            return e.details().stream().map(issue -> issue.field() + " " + issue.issue()).toList();
        }
    }

    static ApiException refusal(Runnable change) {
        try {
            change.run();
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("the change was not refused");
    }

    // The body

    @Test
    void everyBadFieldIsNamedAtOnceAndOnlyThreeFieldsMayBeSentAsNull() {
        assertThat(issues(plan(Subscription.PENDING), "billing_interval", "fortnight", "interval_count", 0,
                "amount_minor", -1L, "next_billing_date", "2026-02-30", "anchor_day", 32, "expected_amount_minor",
                null, "collection_waived", null, "auto_collect", null, "standing_order", null,
                "payment_method_id", "card-1", "mandate_id", "nope", "default_rail", "cheque",
                "customer_reference", "x".repeat(201)))
                .containsExactly("billing_interval invalid", "interval_count below_minimum",
                        "amount_minor below_minimum", "next_billing_date invalid", "anchor_day above_maximum",
                        "expected_amount_minor required", "collection_waived required", "auto_collect required",
                        "standing_order required", "payment_method_id invalid", "mandate_id invalid",
                        "default_rail invalid", "customer_reference too_long");
        assertThat(issues(plan(Subscription.PENDING), "billing_interval", null, "interval_count", null,
                "amount_minor", null, "next_billing_date", null, "anchor_day", null, "default_rail", null))
                .containsExactly("billing_interval required", "interval_count required", "amount_minor required",
                        "next_billing_date required", "anchor_day required", "default_rail required");
        assertThat(issues(plan(Subscription.ACTIVE), "payment_method_id", null, "mandate_id", null,
                "customer_reference", null)).isEmpty();
    }

    @Test
    void anAnchorDayIsOneToSevenForTheWeeklyPlanTheChangeLeaves() {
        assertThat(issues(plan(Subscription.PENDING), "billing_interval", "week", "anchor_day", 8))
                .containsExactly("anchor_day above_maximum");
        assertThat(issues(plan(Subscription.PENDING), "anchor_day", 31)).isEmpty();
        Plan weekly = plan(Subscription.PENDING).edit().billingInterval("week").anchorDay(3).build();
        assertThat(issues(weekly, "anchor_day", 8)).containsExactly("anchor_day above_maximum");
        assertThat(issues(weekly, "billing_interval", "month", "anchor_day", 20)).isEmpty();
        assertThat(issues(weekly, "anchor_day", 0)).containsExactly("anchor_day below_minimum");
    }

    @Test
    void aNextBillingDateBeforeThePlansStartIsBelowMinimum() {
        assertThat(issues(plan(Subscription.PENDING), "next_billing_date", START.minusDays(1).toString()))
                .containsExactly("next_billing_date " + FieldIssue.BELOW_MINIMUM);
        assertThat(issues(plan(Subscription.PENDING), "next_billing_date", START.toString())).isEmpty();
    }

    @Test
    void aStandingOrderCannotStartInTheRequestThatEndsIt() {
        Plan waived = plan(Subscription.ACTIVE).edit().collectionWaived(true).build();
        assertThat(issues(waived, "collection_waived", false, "standing_order", true))
                .containsExactly("standing_order not_allowed");
        assertThat(issues(plan(Subscription.ACTIVE), "payment_method_id", Ids.newId().toString(),
                "standing_order", true)).containsExactly("standing_order not_allowed");
        assertThat(issues(plan(Subscription.ACTIVE), "standing_order", true)).isEmpty();
    }

    // The plan's state, in the spec's order

    @Test
    void aCancelledOrEndedPlanRefusesAnyChangeButAnswersOneThatChangesNothing() {
        for (String status : List.of(Subscription.CANCELLED, Subscription.ENDED)) {
            Plan plan = plan(status);
            assertThat(refusal(() -> judge(plan, List.of(), "auto_collect", false)).code())
                    .isEqualTo(ErrorCode.CONFLICT);
            assertThat(judge(plan, List.of(), "auto_collect", true).changes(plan)).isFalse();
        }
    }

    @Test
    void rule1ARunningPlansRenewalDateFieldsGoToTheRenewalDateEndpointEvenAtTheirCurrentValues() {
        for (String status : List.of(Subscription.ACTIVE, Subscription.PAST_DUE)) {
            Plan plan = plan(status);
            ApiException date = refusal(() -> judge(plan, List.of(), "next_billing_date", NEXT.toString()));
            assertThat(date.code()).isEqualTo(ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT);
            assertThat(date.getMessage()).contains("POST /v1/subscriptions/" + plan.id() + "/renewal-date");
            assertThat(refusal(() -> judge(plan, List.of(), "anchor_day", 15)).code())
                    .isEqualTo(ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT);
        }
    }

    @Test
    void theStateRefusalsAreJudgedInTheSpecsOrder() {
        Plan plan = plan(Subscription.ACTIVE).edit().hasLicenceFee(false).amountMinor(0)
                .pendingRenewalChange(new PendingRenewalChange(NEXT, NEXT.plusDays(4), NEXT.plusDays(5), 20, 5, 1500))
                .build();
        // Rule 1 before rule 6, rule 6 before rule 3, rule 3 before rule 4.
        assertThat(refusal(() -> judge(plan, List.of(), "anchor_day", 15, "expected_amount_minor", 1L)).code())
                .isEqualTo(ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT);
        assertThat(refusal(() -> judge(plan, List.of(), "expected_amount_minor", 1L, "billing_interval", "year"))
                .getMessage()).contains("expected_amount_minor");
        assertThat(refusal(() -> judge(plan, List.of(), "billing_interval", "year", "amount_minor", 100L))
                .getMessage()).contains("pending_renewal_change");
    }

    @Test
    void rule6AnExpectedAmountThatIsNoLongerThePlansRefusesTheChange() {
        assertThat(refusal(() -> judge(plan(Subscription.ACTIVE), List.of(), "expected_amount_minor", 9000L,
                "amount_minor", 9900L)).getMessage()).contains("now 9500");
        assertThat(judge(plan(Subscription.ACTIVE), List.of(), "expected_amount_minor", 9500L, "amount_minor",
                9900L).plan().amountMinor()).isEqualTo(9900);
    }

    @Test
    void rule3APendingRenewalChangeHoldsTheIntervalAndCountButNotTheSameValues() {
        Plan plan = plan(Subscription.ACTIVE).edit()
                .pendingRenewalChange(new PendingRenewalChange(NEXT, NEXT.plusDays(4), NEXT.plusDays(5), 20, 5, 1500))
                .build();
        assertThat(refusal(() -> judge(plan, List.of(), "interval_count", 2)).code()).isEqualTo(ErrorCode.CONFLICT);
        assertThat(judge(plan, List.of(), "billing_interval", "month", "interval_count", 1).changes(plan)).isFalse();
    }

    @Test
    void rule4APlanWithNoLicenceFeeKeepsItsAmountButTheSameAmountIsNoChange() {
        Plan plan = plan(Subscription.ACTIVE).edit().hasLicenceFee(false).amountMinor(0).build();
        assertThat(refusal(() -> judge(plan, List.of(), "amount_minor", 100L)).code()).isEqualTo(ErrorCode.CONFLICT);
        assertThat(judge(plan, List.of(), "amount_minor", 0L).changes(plan)).isFalse();
    }

    @Test
    void rule2APendingPlansFirstBillingDateMustBeAfterAnInvoicedPeriod() {
        Plan plan = plan(Subscription.PENDING).edit().currentPeriodStart(START).currentPeriodEnd(NEXT.minusDays(1))
                .build();
        assertThat(refusal(() -> judge(plan, List.of(), "next_billing_date", NEXT.minusDays(1).toString()))
                .code()).isEqualTo(ErrorCode.CONFLICT);
        assertThat(judge(plan, List.of(), "next_billing_date", NEXT.plusDays(3).toString()).plan()
                .nextBillingDate()).isEqualTo(NEXT.plusDays(3));
    }

    @Test
    void rule2APendingPlansFirstBillingDateStaysWithTheChargesStartingOnItOrOnTheMoveInDate() {
        Plan plan = plan(Subscription.PENDING);
        Sent later = sent(plan, "next_billing_date", NEXT.plusDays(3).toString());
        ApiException onNext = refusal(() -> SubscriptionChangeRules.judge(plan, later,
                List.of(monthly("Boxes", NEXT)), null));
        assertThat(onNext.getMessage()).contains("\"Boxes\" starts on " + NEXT);
        LocalDate moveIn = NEXT.minusDays(2);
        assertThat(refusal(() -> SubscriptionChangeRules.judge(plan, later, List.of(monthly("Cover", moveIn)),
                moveIn)).getMessage()).contains("move move_in_date instead");
        // The same date, or charges starting on other days, do not hold it.
        assertThat(SubscriptionChangeRules.judge(plan, sent(plan, "next_billing_date", NEXT.toString()),
                List.of(monthly("Boxes", NEXT)), NEXT).changes(plan)).isFalse();
        assertThat(SubscriptionChangeRules.judge(plan, later, List.of(monthly("Boxes", NEXT.plusDays(1))), moveIn)
                .plan().nextBillingDate()).isEqualTo(NEXT.plusDays(3));
    }

    @Test
    void rule2APendingPlanTakesANewAnchorDay() {
        assertThat(judge(plan(Subscription.PENDING), List.of(), "anchor_day", 28).plan().anchorDay()).isEqualTo(28);
    }

    // Rule 5: the period

    @Test
    void rule5ANewPeriodRepricesEachChargeFromItsOwnPriceAndLeavesTheLicenceFee() {
        Plan plan = plan(Subscription.ACTIVE);
        Item boxes = monthly("Boxes", null);
        Item alarm = new Item(Ids.newId(), Item.FEE, "Alarm", null, null, 1, 500, 6000L, "year", 1, "standard_20",
                null, null);

        Change yearly = judge(plan, List.of(boxes, alarm), "billing_interval", "year");

        assertThat(yearly.plan().amountMinor()).isEqualTo(9500);
        assertThat(yearly.repriced()).extracting(Item::id).containsExactly(boxes.id(), alarm.id());
        assertThat(yearly.repriced()).extracting(Item::amountMinor).containsExactly(12000L, 6000L);
        assertThat(judge(plan, List.of(boxes), "billing_interval", "year", "amount_minor", 100000L).plan()
                .amountMinor()).isEqualTo(100000);
    }

    @Test
    void rule5AChargeWithNoPriceOfItsOwnOrNoPriceForTheNewPeriodRefusesTheWholeChange() {
        Plan twoMonthly = plan(Subscription.ACTIVE).edit().intervalCount(2).build();
        Item fixed = new Item(Ids.newId(), Item.FEE, "Alarm", null, null, 1, 500, null, null, null, "standard_20",
                null, null);
        assertThat(refusal(() -> judge(twoMonthly, List.of(monthly("Boxes", null), fixed), "interval_count", 1))
                .getMessage()).contains("\"Alarm\" has no price of its own");

        Item penny = new Item(Ids.newId(), Item.FEE, "Key fob", null, null, 1, 1, 1L, "month", 1, "standard_20",
                null, null);
        assertThat(refusal(() -> judge(plan(Subscription.ACTIVE), List.of(penny), "billing_interval", "week"))
                .getMessage()).contains("\"Key fob\"", "cannot be priced");
    }

    @Test
    void rule5AChargeEndedBeforeTheNextInvoiceIsNotRepriced() {
        Item ended = new Item(Ids.newId(), Item.FEE, "Alarm", null, null, 1, 500, null, null, null, "standard_20",
                null, NEXT.minusDays(1));
        assertThat(judge(plan(Subscription.ACTIVE), List.of(ended), "billing_interval", "year").repriced()).isEmpty();
    }

    @Test
    void rule5AnAnchorThatNoLongerFitsBecomesTheDayOfTheNextBillingDate() {
        Plan weekly = plan(Subscription.ACTIVE).edit().billingInterval("week").anchorDay(7)
                .nextBillingDate(LocalDate.of(2026, 3, 22)).build();
        assertThat(judge(weekly, List.of(), "billing_interval", "month").plan().anchorDay()).isEqualTo(22);
        // 15 March 2026 is a Sunday.
        assertThat(judge(plan(Subscription.ACTIVE), List.of(), "billing_interval", "week").plan().anchorDay())
                .isEqualTo(7);
        assertThat(judge(plan(Subscription.ACTIVE), List.of(), "billing_interval", "year").plan().anchorDay())
                .isEqualTo(15);
    }

    // Rule 7: standing orders

    @Test
    void rule7ClearingCollectionWaivedEndsAStandingOrder() {
        Plan plan = plan(Subscription.ACTIVE).edit().collectionWaived(true).standingOrder(true).build();
        Plan changed = judge(plan, List.of(), "collection_waived", false).plan();
        assertThat(changed.standingOrder()).isFalse();
        assertThat(changed.defaultRail()).isEqualTo("offline");
        assertThat(judge(plan, List.of(), "auto_collect", false).plan().standingOrder()).isTrue();
    }

    @Test
    void rule7BindingACardEndsAStandingOrderAndCollectsByCardUnlessARailIsSent() {
        Plan plan = plan(Subscription.ACTIVE).edit().standingOrder(true).build();
        UUID card = Ids.newId();
        Plan bound = judge(plan, List.of(), "payment_method_id", card.toString()).plan();
        assertThat(bound.paymentMethodId()).isEqualTo(card);
        assertThat(bound.standingOrder()).isFalse();
        assertThat(bound.defaultRail()).isEqualTo("card");
        assertThat(judge(plan, List.of(), "payment_method_id", card.toString(), "default_rail", "offline").plan()
                .defaultRail()).isEqualTo("offline");
        Plan unbound = judge(plan.edit().paymentMethodId(card).build(), List.of(), "payment_method_id", null).plan();
        assertThat(unbound.paymentMethodId()).isNull();
        assertThat(unbound.standingOrder()).isTrue();
    }

    @Test
    void onlyTheFieldsSentChange() {
        Plan plan = plan(Subscription.ACTIVE).edit().customerReference("A12").build();
        Plan changed = judge(plan, List.of(), "auto_collect", false).plan();
        assertThat(changed).isEqualTo(plan.edit().autoCollect(false).build());
        assertThat(judge(plan, List.of(), "customer_reference", null).plan().customerReference()).isNull();
    }
}
