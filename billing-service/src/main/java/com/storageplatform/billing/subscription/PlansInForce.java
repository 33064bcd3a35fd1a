package com.storageplatform.billing.subscription;

/**
 * The plans in force on a day, each with its licence fee a month net of the promotion that discounts that day, as
 * billing invoices it: the one SQL fragment the occupancy and revenue reports read plans through
 * (docs/api/reports.md), so the plan tables' names and shape stay here.
 *
 * <ul>
 * <li><b>In force on a day</b>: the day lies from {@code start_date} to {@code ends_on} (the last day billed; no end
 * while the plan runs). A plan not yet started, and one that ended before the day, are not in force.</li>
 * <li><b>The promotion of the day</b>: the one that discounted the invoiced period covering the day (a voided
 * invoice no longer counts; a plan's periods never overlap, so at most one covers it); when no invoiced period covers it yet, the promotion now on the plan if it still has
 * periods to discount. A {@code once} promotion discounts only the first period, a {@code repeating} one its
 * {@code periods_total}, a {@code forever} one every period.</li>
 * <li><b>The fee net of it</b>, per billing period, as {@link Discounts} takes it off the licence fee:
 * {@code percent} fee × value / 100 rounded half up; {@code fixed_amount} the amount, at most the fee.</li>
 * <li><b>A month of it</b>, as {@link PriceConversion} re-states a price: a year is 12 months and 52 weeks, so a
 * weekly fee × 52 / (12 × weeks), a month-based one / its months; rounded half up to whole minor units.</li>
 * <li>In integers throughout (a report sums tens of thousands of plans): x / y rounded half up is
 * (2x + y) / 2y, every figure being 0 or more.</li>
 * </ul>
 */
public final class PlansInForce {

    private PlansInForce() {
    }

    /**
     * A {@code SELECT} of the account's plans on an agreement in force on a day, with the columns
     * {@code agreement_id}, {@code currency} and {@code monthly_fee_minor}; it binds {@code :account_id} and
     * {@code :as_of} (the day). Meant as a common table expression of the reader's statement.
     */
    public static String onDay() {
        return """
                SELECT s.agreement_id, s.currency,
                       (2 * (s.amount_minor - CASE pr.discount_kind
                                 WHEN 'percent' THEN (s.amount_minor * pr.discount_value + 50) / 100
                                 WHEN 'fixed_amount' THEN least(pr.discount_value, s.amount_minor)
                                 ELSE 0 END)
                           * CASE s.billing_interval WHEN 'week' THEN 52 ELSE 1 END
                        + CASE s.billing_interval WHEN 'month' THEN 1 ELSE 12 END * s.interval_count)
                       / (2 * CASE s.billing_interval WHEN 'month' THEN 1 ELSE 12 END * s.interval_count)
                       AS monthly_fee_minor
                  FROM subscriptions s
                  LEFT JOIN subscription_periods billed ON billed.account_id = s.account_id
                       AND billed.subscription_id = s.id AND billed.kind = 'period' AND NOT billed.voided
                       AND billed.period_start <= :as_of AND billed.period_end >= :as_of
                  LEFT JOIN subscription_promotions pr ON pr.account_id = s.account_id
                       AND pr.id = CASE WHEN billed.period_end IS NOT NULL THEN billed.promotion_id ELSE (
                            SELECT c.id FROM subscription_promotions c
                             WHERE c.account_id = s.account_id AND c.subscription_id = s.id
                               AND c.removed_at IS NULL
                               AND (c.periods_total IS NULL OR c.periods_total > (
                                    SELECT count(*) FROM subscription_periods u
                                     WHERE u.account_id = c.account_id AND u.subscription_id = c.subscription_id
                                       AND u.promotion_id = c.id))) END
                 WHERE s.account_id = :account_id AND s.agreement_id IS NOT NULL
                   AND s.start_date <= :as_of AND coalesce(s.ends_on, 'infinity'::date) >= :as_of
                """;
    }
}
