-- The occupancy and revenue reports read an account's plans in force on a day (subscription/PlansInForce): the
-- plans whose last day billed is that day or later, or which have no last day yet. Without this index an operator
-- with three years of ended plans would have them all read on every report.
CREATE INDEX subscriptions_in_force ON subscriptions (account_id, (coalesce(ends_on, 'infinity'::date)), start_date);
