-- Payments and refunds (docs/api/billing-payments.md). Every figure is an integer of minor units in the payment's
-- currency. A refund is a payment of its own (direction 'refund', refund_of naming the payment it pays back).

CREATE TABLE payments (
    account_id                 uuid        NOT NULL,
    id                         uuid        NOT NULL,
    -- The account's operator and environment, so a provider notification found by its reference acts as the account.
    operator_id                uuid        NOT NULL,
    environment                text        NOT NULL,
    contact_id                 uuid        NOT NULL,
    invoice_id                 uuid,
    subscription_id            uuid,
    order_id                   uuid,
    -- payment, refund
    direction                  text        NOT NULL,
    refund_of                  uuid,
    credit_note_id             uuid,
    -- card, bacs_dd, offline
    rail                       text        NOT NULL,
    -- card_terminal, standing_order, other (offline only)
    offline_method             text,
    reference                  text,
    description                text,
    -- Why a refund paid the money back (refunds only).
    reason                     text,
    amount_minor               bigint      NOT NULL CHECK (amount_minor > 0),
    currency                   text        NOT NULL,
    status                     text        NOT NULL,
    payment_method_id          uuid,
    mandate_id                 uuid,
    provider                   text,
    provider_payment_ref       text,
    provider_charge_date       date,
    bank_submitted_at          timestamptz,
    charged_at                 timestamptz,
    failure_code               text,
    failure_message            text,
    -- Where the customer completes a card's step-up (status requires_action).
    redirect_url               text,
    -- Whether the invoice counts this payment's amount as in flight (a Direct Debit before confirmation, a card
    -- still processing; never a card awaiting step-up).
    in_flight                  boolean     NOT NULL DEFAULT false,
    superseded_by_operator_at  timestamptz,
    amount_refunded_minor      bigint      NOT NULL DEFAULT 0 CHECK (amount_refunded_minor >= 0),
    -- A failed collection attempt closed by a void of its invoice.
    closed_at                  timestamptz,
    created_at                 timestamptz NOT NULL,
    updated_at                 timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK (amount_refunded_minor <= amount_minor)
);

-- A provider notification names the payment by the provider's reference alone: one payment per reference, found
-- across accounts.
CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_payment_ref)
    WHERE provider_payment_ref IS NOT NULL;
CREATE INDEX payments_invoice ON payments (account_id, invoice_id, id) WHERE invoice_id IS NOT NULL;
CREATE INDEX payments_contact ON payments (account_id, contact_id, id);
CREATE INDEX payments_refund_of ON payments (account_id, refund_of) WHERE refund_of IS NOT NULL;
