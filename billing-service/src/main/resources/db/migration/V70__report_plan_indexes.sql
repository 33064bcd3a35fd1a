-- The occupancy and revenue reports read an account's plans in force on a day (subscription/PlansInForce): the
-- plans whose last day billed is that day or later, or which have no last day yet. Without this index an operator
-- with three years of ended plans would have them all read on every report.
CREATE INDEX subscriptions_in_force ON subscriptions (account_id, (coalesce(ends_on, 'infinity'::date)), start_date);
-- And each plan's invoiced period covering that day, for the promotion that discounted it: the periods ending that
-- day or later, read in one range rather than a look-up per plan.
CREATE INDEX subscription_periods_covering ON subscription_periods (account_id, period_end)
    INCLUDE (subscription_id, period_start, promotion_id) WHERE kind = 'period' AND NOT voided;
