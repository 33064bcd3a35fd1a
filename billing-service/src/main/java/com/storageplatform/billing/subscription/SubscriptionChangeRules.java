package com.storageplatform.billing.subscription;

import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The pure rules of {@code PATCH /v1/subscriptions/{id}} (platform-api.md, "PATCH rules"): the body's fields, every
 * bad one in one 422, then the plan's state, one 409 in the spec's order, and the plan and charges after the change.
 */
final class SubscriptionChangeRules {

    static final String CARD = "card";
    private static final Set<String> CLOSED = Set.of(Subscription.CANCELLED, Subscription.ENDED);

    private SubscriptionChangeRules() {
    }

    /**
     * The body's values, checked: null where a field was not sent. The three fields {@code null} clears stay
     * {@link Patch}es (absent, cleared, or set).
     */
    record Sent(String interval, Integer count, Long amountMinor, LocalDate nextBillingDate, Integer anchorDay,
            Long expectedAmountMinor, Boolean collectionWaived, Boolean autoCollect, Boolean standingOrder,
            Patch<UUID> paymentMethodId, Patch<UUID> mandateId, String defaultRail, Patch<String> customerReference) {

        /** A card sent to collect with (rule 7). */
        boolean bindsCard() {
            return paymentMethodId != null && !paymentMethodId.isNull();
        }

        boolean bindsMandate() {
            return mandateId != null && !mandateId.isNull();
        }
    }

    /** The plan as the change leaves it, and the charges it re-priced (only those whose amount moved). */
    record Change(Plan plan, List<Item> repriced) {

        boolean changes(Plan current) {
            return !plan.equals(current) || !repriced.isEmpty();
        }
    }

    /** The body's fields against the plan they change; every bad field is one 422. */
    static Sent check(Validation v, SubscriptionChanges c, Plan current) {
        String interval = required(v, "billing_interval", c.billingInterval());
        v.oneOf("billing_interval", interval, Subscription.INTERVALS);
        Integer count = required(v, "interval_count", c.intervalCount());
        SubscriptionRules.intervalCount(v, "interval_count", count, false);
        Long amount = required(v, "amount_minor", c.amountMinor());
        SubscriptionRules.amount(v, "amount_minor", amount);
        LocalDate next = v.optionalDate("next_billing_date", required(v, "next_billing_date", c.nextBillingDate()));
        v.check(next != null && next.isBefore(current.startDate()), "next_billing_date", FieldIssue.BELOW_MINIMUM);
        Integer anchor = required(v, "anchor_day", c.anchorDay());
        String newInterval = interval != null && !v.has("billing_interval") ? interval : current.billingInterval();
        SubscriptionRules.anchorDay(v, "anchor_day", newInterval, anchor);
        Long expected = required(v, "expected_amount_minor", c.expectedAmountMinor());
        Boolean waived = required(v, "collection_waived", c.collectionWaived());
        Boolean autoCollect = required(v, "auto_collect", c.autoCollect());
        Boolean standingOrder = required(v, "standing_order", c.standingOrder());
        Patch<UUID> card = c.paymentMethodId() == null ? null
                : c.paymentMethodId().map(value -> v.optionalId("payment_method_id", value));
        Patch<UUID> mandate = c.mandateId() == null ? null
                : c.mandateId().map(value -> v.optionalId("mandate_id", value));
        String rail = required(v, "default_rail", c.defaultRail());
        v.oneOf("default_rail", rail, Subscription.RAILS);
        String reference = Patch.apply(c.customerReference(), null);
        v.maxLength("customer_reference", reference, SubscriptionRules.MAX_TEXT)
                .printable("customer_reference", reference, false);
        Sent sent = new Sent(interval, count, amount, next, anchor, expected, waived, autoCollect, standingOrder, card,
                mandate, rail, c.customerReference());
        // A standing order cannot start in the request that ends it (rule 7).
        v.check(Boolean.TRUE.equals(standingOrder) && endsStandingOrder(current, sent), "standing_order",
                FieldIssue.NOT_ALLOWED);
        v.orThrow();
        return sent;
    }

    /** A field that cannot be cleared: sent as {@code null} is {@code required}. */
    private static <T> T required(Validation v, String field, Patch<T> patch) {
        return Patch.pick(patch, null, value -> {
            v.require(field, value);
            return value;
        });
    }

    /**
     * The change, judged in the spec's order: a closed plan, then rules 1, 6, 3, 4, 2 and 5; the first that refuses
     * is the 409. {@code charges} are the plan's repeating charges and cover; {@code moveInDate} its agreement's.
     */
    static Change judge(Plan current, Sent sent, List<Item> charges, LocalDate moveInDate) {
        Plan plan = changed(current, sent);
        boolean periodChanges = !plan.billingInterval().equals(current.billingInterval())
                || plan.intervalCount() != current.intervalCount();
        if (CLOSED.contains(current.status()) && !plan.equals(current)) {
            throw ApiException.conflict("The subscription is " + current.status() + ": it can no longer change.");
        }
        if ((Subscription.ACTIVE.equals(current.status()) || Subscription.PAST_DUE.equals(current.status()))
                && (sent.nextBillingDate() != null || sent.anchorDay() != null)) {
            throw new ApiException(ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT, "The subscription is "
                    + current.status() + ": its next_billing_date and anchor_day move only through POST "
                    + "/v1/subscriptions/" + current.id() + "/renewal-date, which bills the days between the dates.");
        }
        if (sent.expectedAmountMinor() != null && sent.expectedAmountMinor() != current.amountMinor()) {
            throw ApiException.conflict("The subscription's amount_minor is now " + current.amountMinor() + ", not "
                    + sent.expectedAmountMinor() + " (expected_amount_minor): read it again before changing it.");
        }
        if (periodChanges && current.pendingRenewalChange() != null) {
            throw ApiException.conflict("A renewal-date move is waiting to be billed (pending_renewal_change): "
                    + "billing_interval and interval_count cannot change until it is cancelled.");
        }
        if (!current.hasLicenceFee() && plan.amountMinor() != current.amountMinor()) {
            throw ApiException.conflict("The subscription bills no licence fee: its amount_minor stays "
                    + current.amountMinor() + ".");
        }
        if (Subscription.PENDING.equals(current.status()) && sent.nextBillingDate() != null) {
            firstBillingDate(current, sent.nextBillingDate(), charges, moveInDate);
        }
        return new Change(plan, periodChanges ? repriced(current, plan, charges) : List.of());
    }

    /** The plan with the fields sent; a standing order ended by rule 7; the anchor kept on the billing date. */
    static Plan changed(Plan current, Sent s) {
        String interval = s.interval() != null ? s.interval() : current.billingInterval();
        LocalDate next = s.nextBillingDate() != null ? s.nextBillingDate() : current.nextBillingDate();
        // A week's anchor (a weekday) means nothing to a month or year plan and back: the plan keeps billing on
        // its next billing date, so that date's day becomes the anchor.
        boolean anchorFits = isWeekly(interval) == isWeekly(current.billingInterval());
        int anchor = s.anchorDay() != null ? s.anchorDay()
                : anchorFits ? current.anchorDay() : BillingPeriods.anchorDayOf(interval, next);
        boolean standingOrder = !endsStandingOrder(current, s)
                && (s.standingOrder() != null ? s.standingOrder() : current.standingOrder());
        String rail = s.defaultRail() != null ? s.defaultRail() : s.bindsCard() ? CARD : current.defaultRail();
        return current.edit()
                .billingInterval(interval)
                .intervalCount(s.count() != null ? s.count() : current.intervalCount())
                .amountMinor(s.amountMinor() != null ? s.amountMinor() : current.amountMinor())
                .nextBillingDate(next)
                .anchorDay(anchor)
                .collectionWaived(s.collectionWaived() != null ? s.collectionWaived() : current.collectionWaived())
                .autoCollect(s.autoCollect() != null ? s.autoCollect() : current.autoCollect())
                .standingOrder(standingOrder)
                .paymentMethodId(Patch.apply(s.paymentMethodId(), current.paymentMethodId()))
                .mandateId(Patch.apply(s.mandateId(), current.mandateId()))
                .defaultRail(rail)
                .customerReference(Patch.apply(s.customerReference(), current.customerReference()))
                .build();
    }

    /** Rule 7: clearing {@code collection_waived} or binding a card ends a standing order. */
    private static boolean endsStandingOrder(Plan current, Sent s) {
        return s.bindsCard() || (current.collectionWaived() && Boolean.FALSE.equals(s.collectionWaived()));
    }

    private static boolean isWeekly(String interval) {
        return Subscription.WEEK.equals(interval);
    }

    /**
     * Rule 2, a pending plan's first billing date: after any period already invoiced, and not moved away from the
     * day cover or a repeating charge starts on (the move-in date moves those with it).
     */
    private static void firstBillingDate(Plan current, LocalDate next, List<Item> charges, LocalDate moveInDate) {
        if (current.currentPeriodEnd() != null && !next.isAfter(current.currentPeriodEnd())) {
            throw ApiException.conflict("The period to " + current.currentPeriodEnd() + " is already invoiced: "
                    + "next_billing_date must be after it.");
        }
        if (next.equals(current.nextBillingDate())) {
            return;
        }
        for (Item charge : charges) {
            LocalDate starts = charge.startsOn();
            if (starts != null && (starts.equals(current.nextBillingDate()) || starts.equals(moveInDate))) {
                throw ApiException.conflict("\"" + charge.description() + "\" starts on " + starts
                        + (starts.equals(moveInDate) ? ", the agreement's move-in date: move move_in_date instead "
                                + "(PATCH /v1/agreements/" + current.agreementId() + "), which moves it with the plan."
                                : ", the current next_billing_date: the plan's first billing date cannot move "
                                        + "away from it."));
            }
        }
    }

    /**
     * Rule 5: every repeating charge and cover still to be billed, converted afresh from its own price for the new
     * period; a charge that cannot be refuses the whole change. The licence fee is not among them.
     */
    static List<Item> repriced(Plan current, Plan plan, List<Item> charges) {
        List<Item> repriced = new ArrayList<>();
        for (Item charge : charges) {
            if (charge.endsOn() != null && charge.endsOn().isBefore(plan.nextBillingDate())) {
                continue; // ended before the next invoice: never billed again
            }
            if (charge.priceMinor() == null) {
                throw ApiException.conflict("\"" + charge.description() + "\" has no price of its own (it was "
                        + "priced for the whole period of " + period(current) + "): billing_interval and "
                        + "interval_count cannot change while the plan bills it.");
            }
            Item priced = Charges.repriced(charge, plan.billingInterval(), plan.intervalCount());
            if (priced == null) {
                throw ApiException.conflict("\"" + charge.description() + "\" at " + charge.priceMinor() + " per "
                        + charge.priceIntervalCount() + " " + charge.priceInterval() + " cannot be priced for a period "
                        + "of " + period(plan) + " (it would be 0 or above the most an invoice line may be).");
            }
            if (priced.amountMinor() != charge.amountMinor()) {
                repriced.add(priced);
            }
        }
        return repriced;
    }

    private static String period(Plan plan) {
        return plan.intervalCount() + " " + plan.billingInterval() + (plan.intervalCount() == 1 ? "" : "s");
    }
}
