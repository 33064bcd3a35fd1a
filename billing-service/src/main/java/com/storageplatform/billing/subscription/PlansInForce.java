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
     * {@code :as_of} (the day). Meant as a common table expression of the reader's statement. It reads the stretches
     * {@link PlanFees} keeps, worked out by {@link #STRETCHES}.
     */
    public static String onDay() {
        return """
                SELECT f.agreement_id, f.currency, f.monthly_fee_minor
                  FROM report_plan_fees f
                 WHERE f.account_id = :account_id AND f.to_date >= :as_of AND f.from_date <= :as_of
                """;
    }

    /**
     * Writes the stretches of every plan of {@code :account_id}, which has none yet: for plans written around their
     * own classes (a benchmark's or a test's seed), which keep them as they change otherwise ({@code PlanFees}).
     */
    public static String writeAll() {
        return INSERT + STRETCHES.formatted("""
                SELECT * FROM subscriptions WHERE account_id = :account_id AND agreement_id IS NOT NULL
                """);
    }

    static final String INSERT = """
            INSERT INTO report_plan_fees (account_id, subscription_id, from_date, to_date, agreement_id, currency,
                   monthly_fee_minor)
            """;

    /**
     * The stretches of days of the plans {@code :plans} selects (a {@code SELECT} of {@code subscriptions} rows
     * filtered on {@code :account_id}), each with the fee a month net of its days' promotion, by the rules above:
     * each invoiced period standing (clipped to the plan's days) with the promotion that discounted it, and the
     * plan's days no period covers yet with the promotion now on the plan if it still has periods to discount.
     * Columns: {@code account_id}, {@code subscription_id}, {@code from_date}, {@code to_date},
     * {@code agreement_id}, {@code currency}, {@code monthly_fee_minor}.
     */
    static final String STRETCHES = """
            WITH s AS (%s),
            billed AS (
                SELECT p.subscription_id, greatest(p.period_start, s.start_date) AS from_date,
                       least(p.period_end, coalesce(s.ends_on, 'infinity'::date)) AS to_date, p.promotion_id
                  FROM subscription_periods p
                  JOIN s ON p.account_id = s.account_id AND p.subscription_id = s.id
                 WHERE p.kind = 'period' AND NOT p.voided
            ),
            standing AS (
                SELECT b.*, lag(b.to_date) OVER (PARTITION BY b.subscription_id ORDER BY b.from_date) AS previous_end
                  FROM billed b WHERE b.from_date <= b.to_date
            ),
            last_billed AS (
                SELECT st.subscription_id, max(st.to_date) AS to_date FROM standing st GROUP BY st.subscription_id
            ),
            unbilled AS (
                SELECT st.subscription_id, coalesce(st.previous_end + 1, s.start_date) AS from_date,
                       st.from_date - 1 AS to_date
                  FROM standing st JOIN s ON s.id = st.subscription_id
                UNION ALL
                SELECT s.id, coalesce(l.to_date + 1, s.start_date), coalesce(s.ends_on, 'infinity'::date)
                  FROM s LEFT JOIN last_billed l ON l.subscription_id = s.id
            ),
            stretches AS (
                SELECT st.subscription_id, st.from_date, st.to_date, st.promotion_id FROM standing st
                UNION ALL
                SELECT u.subscription_id, u.from_date, u.to_date, (
                        SELECT c.id FROM subscription_promotions c
                         WHERE c.account_id = s.account_id AND c.subscription_id = s.id AND c.removed_at IS NULL
                           AND (c.periods_total IS NULL OR c.periods_total > (
                                SELECT count(*) FROM subscription_periods n
                                 WHERE n.account_id = c.account_id AND n.subscription_id = c.subscription_id
                                   AND n.promotion_id = c.id)))
                  FROM unbilled u JOIN s ON s.id = u.subscription_id
                 WHERE u.from_date <= u.to_date
            )
            SELECT s.account_id, x.subscription_id, x.from_date, x.to_date, s.agreement_id, s.currency,
                   (2 * (s.amount_minor - CASE pr.discount_kind
                             WHEN 'percent' THEN (s.amount_minor * pr.discount_value + 50) / 100
                             WHEN 'fixed_amount' THEN least(pr.discount_value, s.amount_minor)
                             ELSE 0 END)
                       * CASE s.billing_interval WHEN 'week' THEN 52 ELSE 1 END
                    + CASE s.billing_interval WHEN 'month' THEN 1 ELSE 12 END * s.interval_count)
                   / (2 * CASE s.billing_interval WHEN 'month' THEN 1 ELSE 12 END * s.interval_count)
                   AS monthly_fee_minor
              FROM stretches x
              JOIN s ON s.id = x.subscription_id
              LEFT JOIN subscription_promotions pr ON pr.account_id = s.account_id AND pr.id = x.promotion_id
            """;
}
