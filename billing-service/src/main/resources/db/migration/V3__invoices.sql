-- Invoices, their lines, credit notes and refundable deposits (docs/api/billing.md, "Invoices").
-- Every figure is an integer of minor units in the invoice's currency.

CREATE TABLE invoices (
    account_id                uuid        NOT NULL,
    id                        uuid        NOT NULL,
    contact_id                uuid        NOT NULL,
    subscription_id           uuid,
    order_id                  uuid,
    -- Where it came from: api, order (commerce's pay), shop (a sale at the desk), billing_run.
    source                    text        NOT NULL,
    status                    text        NOT NULL,
    currency                  text        NOT NULL,
    collection_method         text        NOT NULL,
    description               text,
    due_date                  date,
    total_minor               bigint      NOT NULL CHECK (total_minor >= 0),
    vat_minor                 bigint      NOT NULL CHECK (vat_minor >= 0),
    ipt_minor                 bigint      NOT NULL CHECK (ipt_minor >= 0),
    amount_paid_minor         bigint      NOT NULL DEFAULT 0 CHECK (amount_paid_minor >= 0),
    amount_credited_minor     bigint      NOT NULL DEFAULT 0 CHECK (amount_credited_minor >= 0),
    amount_written_off_minor  bigint      NOT NULL DEFAULT 0 CHECK (amount_written_off_minor >= 0),
    amount_due_minor          bigint      NOT NULL CHECK (amount_due_minor >= 0),
    -- Collections asked of a provider and not yet settled (card step-up, Direct Debit before confirmation).
    in_flight_minor           bigint      NOT NULL DEFAULT 0 CHECK (in_flight_minor >= 0),
    -- A Direct Debit advance notice for this invoice: the charge date it named and the amount it named.
    notice_charge_date        date,
    notice_amount_minor       bigint,
    voided_from               text,
    void_reason               text,
    write_off_reason          text,
    -- The shop sale whose payment takes this invoice's debt in, while that sale is open.
    in_sale_id                uuid,
    finalized_at              timestamptz,
    paid_at                   timestamptz,
    voided_at                 timestamptz,
    written_off_at            timestamptz,
    created_at                timestamptz NOT NULL,
    updated_at                timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX invoices_contact ON invoices (account_id, contact_id, id);
CREATE INDEX invoices_subscription ON invoices (account_id, subscription_id, id) WHERE subscription_id IS NOT NULL;
-- The overdue sweep reads open invoices by due date, across accounts.
CREATE INDEX invoices_due ON invoices (due_date) WHERE status = 'open';

CREATE TABLE invoice_lines (
    account_id         uuid    NOT NULL,
    invoice_id         uuid    NOT NULL,
    position           integer NOT NULL,
    -- charge, product, fee, licence_fee, insurance, deposit
    kind               text    NOT NULL,
    description        text    NOT NULL,
    quantity           integer NOT NULL CHECK (quantity > 0),
    unit_amount_minor  bigint  NOT NULL CHECK (unit_amount_minor >= 0),
    amount_minor       bigint  NOT NULL CHECK (amount_minor >= 0),
    vat_treatment      text    NOT NULL,
    vat_minor          bigint  NOT NULL CHECK (vat_minor >= 0),
    ipt_minor          bigint  NOT NULL CHECK (ipt_minor >= 0),
    product_id         uuid,
    returned_quantity  integer NOT NULL DEFAULT 0 CHECK (returned_quantity >= 0 AND returned_quantity <= quantity),
    PRIMARY KEY (account_id, invoice_id, position),
    FOREIGN KEY (account_id, invoice_id) REFERENCES invoices (account_id, id)
);

CREATE TABLE credit_notes (
    account_id     uuid        NOT NULL,
    id             uuid        NOT NULL,
    invoice_id     uuid        NOT NULL,
    contact_id     uuid        NOT NULL,
    currency       text        NOT NULL,
    amount_minor   bigint      NOT NULL CHECK (amount_minor > 0),
    reason         text,
    -- The invoice lines it credits ({position, quantity, amount_minor}); empty for a credit of an amount.
    lines          jsonb       NOT NULL DEFAULT '[]',
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, invoice_id) REFERENCES invoices (account_id, id)
);

CREATE INDEX credit_notes_invoice ON credit_notes (account_id, invoice_id);

-- A refundable deposit billed as a deposit line on a first invoice, refundable at move-out.
CREATE TABLE deposits (
    account_id     uuid        NOT NULL,
    id             uuid        NOT NULL,
    contact_id     uuid        NOT NULL,
    invoice_id     uuid        NOT NULL,
    order_id       uuid,
    amount_minor   bigint      NOT NULL CHECK (amount_minor > 0),
    currency       text        NOT NULL,
    -- awaiting_payment, held, refunded, cancelled
    status         text        NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, invoice_id) REFERENCES invoices (account_id, id)
);

CREATE INDEX deposits_invoice ON deposits (account_id, invoice_id);
