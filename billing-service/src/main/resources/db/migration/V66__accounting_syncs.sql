-- The accounting sync (docs/api/accounting.md): what billing pushes to the account's accounting system, once each.
-- One row per (subject, action), queued in the transaction that learnt of it, sent by a background sender.

CREATE TABLE accounting_syncs (
    account_id      uuid        NOT NULL,
    id              uuid        NOT NULL,
    -- The order rows are queued in: an invoice's rows (its own, and its payments' and credit notes') go in it.
    seq             bigint      GENERATED ALWAYS AS IDENTITY,
    operator_id     uuid        NOT NULL,
    environment     text        NOT NULL CHECK (environment IN ('test', 'live')),
    subject_type    text        NOT NULL CHECK (subject_type IN ('invoice', 'credit_note', 'payment')),
    subject_id      uuid        NOT NULL,
    action          text        NOT NULL CHECK (action IN ('issued', 'voided', 'succeeded', 'refunded')),
    -- The invoice the row is about (its own id for an invoice, the invoice of a payment or credit note), or null.
    invoice_id      uuid,
    -- The subject as billing published it when the row was queued: what is pushed.
    subject         jsonb       NOT NULL,
    status          text        NOT NULL CHECK (status IN ('pending', 'synced', 'failed', 'skipped')),
    provider        text,
    external_id     text,
    -- Why a row failed or was skipped: a code (no_connection, refused, unavailable, not_pushed) and the words.
    reason_code     text,
    reason          text,
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    lease_until     timestamptz,
    last_error      text,
    created_at      timestamptz NOT NULL,
    synced_at       timestamptz,
    failed_at       timestamptz,
    updated_at      timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    -- Once each: a repeated event or a second path to the same push finds the row there.
    UNIQUE (account_id, subject_type, subject_id, action)
);

CREATE INDEX accounting_syncs_due ON accounting_syncs (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX accounting_syncs_invoice ON accounting_syncs (account_id, invoice_id, seq) WHERE invoice_id IS NOT NULL;
CREATE INDEX accounting_syncs_subject ON accounting_syncs (account_id, subject_id, seq);
