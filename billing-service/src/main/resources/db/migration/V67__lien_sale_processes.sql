-- Lien sales (issue 18, docs/api/collections.md "Lien sale"): the operator's sale notice settings beside its dunning
-- ladder, the sale processes opened for a customer's debt once the ladder's last step is taken, and the notices each
-- sends before its sale date.

-- The account's sale notice settings; an account without a row follows the default (28 days, a reminder 7 days
-- before the sale).
CREATE TABLE sale_notice_settings (
    account_id            uuid        PRIMARY KEY,
    -- days from the notice of intention to sell (the day the process opens) to the sale date: at least 14
    notice_days           integer     NOT NULL CHECK (notice_days BETWEEN 14 AND 365),
    -- days before the sale date a reminder of the notice goes out, each fewer than notice_days
    reminder_days_before  integer[]   NOT NULL,
    updated_at            timestamptz NOT NULL
);

CREATE TABLE sale_processes (
    account_id         uuid        NOT NULL,
    id                 uuid        NOT NULL,
    contact_id         uuid        NOT NULL,
    agreement_id       uuid        NOT NULL,
    unit_id            uuid        NOT NULL,
    site_id            uuid        NOT NULL,
    case_id            uuid        NOT NULL,
    currency           text        NOT NULL,
    status             text        NOT NULL CHECK (status IN ('open', 'sold', 'closed')),
    -- what the invoices owed when the process was sold or closed; read from the invoices while open
    amount_owed_minor  bigint      CHECK (amount_owed_minor >= 0),
    invoice_ids        uuid[]      NOT NULL,
    sale_date          date        NOT NULL,
    sold_on            date,
    proceeds_minor     bigint      CHECK (proceeds_minor >= 0),
    surplus_minor      bigint      CHECK (surplus_minor >= 0),
    shortfall_minor    bigint      CHECK (shortfall_minor >= 0),
    closed_reason      text        CHECK (closed_reason IN ('paid', 'withdrawn')),
    operator_id        uuid,
    environment        text,
    opened_at          timestamptz NOT NULL,
    sold_at            timestamptz,
    closed_at          timestamptz,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- One open sale process per agreement.
CREATE UNIQUE INDEX sale_processes_one_open ON sale_processes (account_id, agreement_id) WHERE status = 'open';
CREATE INDEX sale_processes_of_case ON sale_processes (account_id, case_id) WHERE status = 'open';
CREATE INDEX sale_processes_of_contact ON sale_processes (account_id, contact_id);

-- The notices a process sends, each once (sent_at), on its day: the notice of intention to sell when it opens and
-- the reminders before the sale date.
CREATE TABLE sale_notices (
    account_id    uuid        NOT NULL,
    process_id    uuid        NOT NULL,
    notice_index  integer     NOT NULL,
    due_on        date        NOT NULL,
    sent_at       timestamptz,
    PRIMARY KEY (account_id, process_id, notice_index),
    FOREIGN KEY (account_id, process_id) REFERENCES sale_processes (account_id, id)
);
CREATE INDEX sale_notices_unsent ON sale_notices (due_on) WHERE sent_at IS NULL;
