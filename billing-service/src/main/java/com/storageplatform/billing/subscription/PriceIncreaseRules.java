package com.storageplatform.billing.subscription;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The pure rules of a price increase: what the body says (exactly one way of stating the new licence fee, a date),
 * the new licence fee it makes of a plan's current one, and the notice it must give. No floating point: a
 * percentage is read as an exact decimal of at most two places and applied on integers, rounded half up.
 */
final class PriceIncreaseRules {

    static final BigDecimal MAX_PERCENT = BigDecimal.valueOf(100);
    static final int MAX_PERCENT_SCALE = 2;
    static final String AMOUNT = "amount_minor";
    static final String INCREASE = "increase_minor";
    static final String PERCENT = "increase_percent";
    static final String EFFECTIVE_DATE = "effective_date";

    private PriceIncreaseRules() {
    }

    /**
     * The change a body asks for: a new price ({@code amountMinor}), or an amount or a percentage (in hundredths of
     * a percent) added to the current price. {@code field} is the body field that stated it.
     */
    record Change(String field, Long amountMinor, Long increaseMinor, Long percentHundredths,
            LocalDate effectiveDate) {

        /** The new licence fee of a plan whose licence fee is {@code current} now. */
        long newAmount(long current) {
            if (amountMinor != null) {
                return amountMinor;
            }
            if (increaseMinor != null) {
                return Math.addExact(current, increaseMinor);
            }
            // current x percent / 100, the percent in hundredths: / 10,000, half up (both are not negative).
            long increase = Math.floorDiv(Math.addExact(Math.multiplyExact(current, percentHundredths), 5_000),
                    10_000);
            return Math.addExact(current, increase);
        }
    }

    /** Every bad field of the body recorded on {@code v}; the change when none is. */
    static Change check(Validation v, SchedulePriceIncrease body) {
        if (body == null) {
            body = new SchedulePriceIncrease(null, null, null, null);
        }
        int sent = (body.amountMinor() == null ? 0 : 1) + (body.increaseMinor() == null ? 0 : 1)
                + (body.increasePercent() == null ? 0 : 1);
        if (sent == 0) {
            v.add(AMOUNT, FieldIssue.REQUIRED);
        }
        String field = null;
        if (body.amountMinor() != null) {
            field = AMOUNT;
            v.min(AMOUNT, body.amountMinor(), 1).max(AMOUNT, body.amountMinor(),
                    SubscriptionRules.MAX_AMOUNT_MINOR);
        }
        if (body.increaseMinor() != null) {
            v.check(field != null, INCREASE, FieldIssue.NOT_ALLOWED);
            field = field != null ? field : INCREASE;
            v.min(INCREASE, body.increaseMinor(), 1).max(INCREASE, body.increaseMinor(),
                    SubscriptionRules.MAX_AMOUNT_MINOR);
        }
        Long hundredths = null;
        if (body.increasePercent() != null) {
            v.check(field != null, PERCENT, FieldIssue.NOT_ALLOWED);
            field = field != null ? field : PERCENT;
            hundredths = hundredths(v, body.increasePercent());
        }
        v.require(EFFECTIVE_DATE, body.effectiveDate());
        LocalDate effective = v.optionalDate(EFFECTIVE_DATE, body.effectiveDate());
        return new Change(field, body.amountMinor(), body.increaseMinor(), hundredths, effective);
    }

    /** A percentage above 0, at most 100, with at most two decimals, in hundredths of a percent. */
    private static Long hundredths(Validation v, BigDecimal percent) {
        if (percent.signum() <= 0) {
            v.add(PERCENT, FieldIssue.BELOW_MINIMUM);
            return null;
        }
        if (percent.compareTo(MAX_PERCENT) > 0) {
            v.add(PERCENT, FieldIssue.ABOVE_MAXIMUM);
            return null;
        }
        if (percent.stripTrailingZeros().scale() > MAX_PERCENT_SCALE) {
            v.add(PERCENT, FieldIssue.INVALID);
            return null;
        }
        return percent.movePointRight(MAX_PERCENT_SCALE).longValueExact();
    }

    /** The first day an increase scheduled {@code today} at the plan's site may take effect. */
    static LocalDate earliest(LocalDate today, int noticeDays) {
        return today.plusDays(noticeDays);
    }

    /** Why the plan cannot take a price increase at all (409): its status or no licence fee; null when it can. */
    static String conflict(Plan plan) {
        if (Subscription.CANCELLED.equals(plan.status()) || Subscription.ENDED.equals(plan.status())) {
            return "it is " + plan.status();
        }
        if (!plan.hasLicenceFee()) {
            return "it has no licence fee to increase";
        }
        return null;
    }

    /**
     * What is wrong with the new licence fee the change makes of the plan's (422 on {@link Change#field()}):
     * {@code below_minimum} when it does not rise, {@code above_maximum} above the platform's maximum; null when
     * nothing is.
     */
    static String amountIssue(Plan plan, Change change) {
        long next = change.newAmount(plan.amountMinor());
        if (next <= plan.amountMinor()) {
            return FieldIssue.BELOW_MINIMUM;
        }
        return next > SubscriptionRules.MAX_AMOUNT_MINOR ? FieldIssue.ABOVE_MAXIMUM : null;
    }
}
