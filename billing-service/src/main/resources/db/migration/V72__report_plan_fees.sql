-- The occupancy and revenue reports' view of the plans (docs/api/reports.md): per plan on an agreement, the stretches
-- of days over which its licence fee a month, net of the promotion of those days, stays the same. Rewritten for one
-- plan in the same transaction as anything its fee depends on (the plan, its promotions, its invoiced periods:
-- PlanFees), so a report reads the stretches covering one day from one index range instead of working out every
-- plan in force on each request. The last stretch of a running plan ends at 'infinity'.
CREATE TABLE report_plan_fees (
    account_id          uuid    NOT NULL,
    subscription_id     uuid    NOT NULL,
    from_date           date    NOT NULL,
    to_date             date    NOT NULL,
    agreement_id        uuid    NOT NULL,
    currency            text    NOT NULL,
    monthly_fee_minor   bigint  NOT NULL,
    PRIMARY KEY (account_id, subscription_id, from_date),
    CHECK (from_date <= to_date)
);

-- A report's day is nearly always recent: the stretches ending on or after it are few (those in force, and any
-- billed ahead), read without touching the table.
CREATE INDEX report_plan_fees_on_day ON report_plan_fees (account_id, to_date)
    INCLUDE (from_date, agreement_id, currency, monthly_fee_minor);

-- The plans already there, worked out as PlansInForce.STRETCHES does (this copy is the migration's, frozen here).
INSERT INTO report_plan_fees (account_id, subscription_id, from_date, to_date, agreement_id, currency, monthly_fee_minor)
WITH s AS (SELECT * FROM subscriptions WHERE agreement_id IS NOT NULL),
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
  LEFT JOIN subscription_promotions pr ON pr.account_id = s.account_id AND pr.id = x.promotion_id;
