-- Arrears (issue 18): the operator's dunning ladder, one arrears case per customer and currency while anything is
-- overdue, the ladder's steps each case has taken, and the overlocks billing asks compliance to put on units.

-- The account's dunning ladder; an account without a row follows the default ladder (collections.DunningLadder).
CREATE TABLE dunning_ladders (
    account_id   uuid        PRIMARY KEY,
    -- [{days_after_due, action, amount_minor}], days strictly increasing
    steps        jsonb       NOT NULL,
    updated_at   timestamptz NOT NULL
);

CREATE TABLE collections_cases (
    account_id            uuid        NOT NULL,
    id                    uuid        NOT NULL,
    contact_id            uuid        NOT NULL,
    currency              text        NOT NULL,
    status                text        NOT NULL CHECK (status IN ('open', 'closed')),
    amount_overdue_minor  bigint      NOT NULL CHECK (amount_overdue_minor >= 0),
    overdue_invoice_ids   uuid[]      NOT NULL,
    -- every invoice that was overdue while the case was open (what its closing reason is read from)
    seen_invoice_ids      uuid[]      NOT NULL,
    oldest_due_date       date,
    -- the ladder as it was when the case opened: a later change of the account's ladder does not reorder its steps
    ladder                jsonb       NOT NULL,
    overlock_id           uuid,
    operator_id           uuid,
    environment           text,
    opened_at             timestamptz NOT NULL,
    closed_at             timestamptz,
    closed_reason         text,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- One open case per customer and currency.
CREATE UNIQUE INDEX collections_cases_one_open ON collections_cases (account_id, contact_id, currency)
    WHERE status = 'open';
CREATE INDEX collections_cases_open ON collections_cases (account_id, id) WHERE status = 'open';

-- Each step a case took: the key that takes a step once whatever reruns, crashes or replicas do.
CREATE TABLE dunning_steps (
    account_id      uuid        NOT NULL,
    case_id         uuid        NOT NULL,
    step_index      integer     NOT NULL,
    action          text        NOT NULL,
    days_after_due  integer     NOT NULL,
    late_fee_minor  bigint,
    taken_on        date        NOT NULL,
    taken_at        timestamptz NOT NULL,
    PRIMARY KEY (account_id, case_id, step_index),
    FOREIGN KEY (account_id, case_id) REFERENCES collections_cases (account_id, id)
);

CREATE TABLE overlocks (
    account_id              uuid        NOT NULL,
    id                      uuid        NOT NULL,
    agreement_id            uuid        NOT NULL,
    contact_id              uuid        NOT NULL,
    site_id                 uuid        NOT NULL,
    unit_id                 uuid        NOT NULL,
    case_id                 uuid,
    status                  text        NOT NULL
        CHECK (status IN ('requested', 'applied', 'release_requested', 'released', 'failed')),
    reason                  text        NOT NULL,
    failure_reason          text,
    release_failure_reason  text,
    requested_at            timestamptz NOT NULL,
    apply_confirmed_at      timestamptz,
    apply_failed_at         timestamptz,
    release_requested_at    timestamptz,
    release_confirmed_at    timestamptz,
    release_failed_at       timestamptz,
    -- when overlock.applied and overlock.released were published (each once)
    applied_published_at    timestamptz,
    released_published_at   timestamptz,
    -- the lock commands whose outcome was applied (a repeated confirmation changes nothing)
    settled_command_ids     uuid[]      NOT NULL DEFAULT '{}',
    created_at              timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- Never a double lock: one overlock in force per agreement.
CREATE UNIQUE INDEX overlocks_one_in_force ON overlocks (account_id, agreement_id)
    WHERE status NOT IN ('released', 'failed');
CREATE INDEX overlocks_of_case ON overlocks (account_id, case_id) WHERE case_id IS NOT NULL;
CREATE INDEX overlocks_of_contact ON overlocks (account_id, contact_id);
