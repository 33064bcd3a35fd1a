-- Price increases of a plan's licence fee, given with the operator's notice (docs/api/subscriptions.md, "Price
-- increases"). The billing run moves the plan's amount_minor on effective_date, exactly once: the row goes from
-- scheduled to applied in the same transaction as the plan's new price.
CREATE TABLE price_increases (
    account_id        uuid        NOT NULL,
    id                uuid        NOT NULL,
    subscription_id   uuid        NOT NULL,
    agreement_id      uuid,
    contact_id        uuid        NOT NULL,
    -- scheduled, applied, cancelled
    status            text        NOT NULL CHECK (status IN ('scheduled', 'applied', 'cancelled')),
    -- The licence fee per billing period when it was scheduled, and the one it moves to.
    old_amount_minor  bigint      NOT NULL CHECK (old_amount_minor >= 0),
    new_amount_minor  bigint      NOT NULL CHECK (new_amount_minor > old_amount_minor),
    currency          text        NOT NULL,
    effective_date    date        NOT NULL,
    -- The operator's notice period when it was scheduled.
    notice_days       integer     NOT NULL CHECK (notice_days >= 0),
    scheduled_at      timestamptz NOT NULL,
    applied_at        timestamptz,
    cancelled_at      timestamptz,
    updated_at        timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, subscription_id) REFERENCES subscriptions (account_id, id)
);

-- One increase at a time per plan: a second is refused (409) until the first applies or is cancelled.
CREATE UNIQUE INDEX price_increases_one_scheduled ON price_increases (account_id, subscription_id)
    WHERE status = 'scheduled';
CREATE INDEX price_increases_plan ON price_increases (account_id, subscription_id, id);
-- The billing run reads the plans with an increase come, across accounts.
CREATE INDEX price_increases_due ON price_increases (effective_date) WHERE status = 'scheduled';
