-- Payment methods, Bacs mandates and the provider notifications already applied (docs/api/billing.md,
-- "Payment methods", "Mandates", "Provider notifications").

-- A contact's saved card or UK bank account. Nothing secret is kept: a card is the provider's reusable reference
-- with what may be shown of it; a bank account keeps its sort code (printed on every cheque, not a secret) and
-- only the last digits of its account number, which the provider holds whole.
CREATE TABLE payment_methods (
    account_id            uuid        NOT NULL,
    id                    uuid        NOT NULL,
    contact_id            uuid        NOT NULL,
    -- card, bacs_debit
    type                  text        NOT NULL,
    -- stripe for a card; gocardless for a bank account, whose provider records are made with its mandate
    provider              text        NOT NULL,
    provider_ref          text,
    card_brand            text,
    card_last4            text,
    card_exp_month        integer,
    card_exp_year         integer,
    account_holder_name   text,
    sort_code             text,
    account_number_last4  text,
    is_default            boolean     NOT NULL,
    -- active, detached
    status                text        NOT NULL,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX payment_methods_contact ON payment_methods (account_id, contact_id, id);
-- One default of each type per contact.
CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (account_id, contact_id, type)
    WHERE is_default;

-- A Bacs Direct Debit mandate on a contact's bank account, created at the provider.
CREATE TABLE mandates (
    account_id                 uuid        NOT NULL,
    id                         uuid        NOT NULL,
    -- The account's operator and environment, to act as the account when a provider's notification arrives.
    operator_id                uuid        NOT NULL,
    environment                text        NOT NULL,
    contact_id                 uuid        NOT NULL,
    payment_method_id          uuid        NOT NULL,
    provider                   text        NOT NULL,
    reference                  text        NOT NULL,
    -- awaiting_authorisation, active, cancelled, failed
    status                     text        NOT NULL,
    scheme                     text        NOT NULL,
    provider_mandate_ref       text        NOT NULL,
    next_possible_charge_date  date,
    cancelled_at               timestamptz,
    failed_reason              text,
    created_at                 timestamptz NOT NULL,
    updated_at                 timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, payment_method_id) REFERENCES payment_methods (account_id, id),
    UNIQUE (account_id, reference)
);

CREATE INDEX mandates_contact ON mandates (account_id, contact_id, id);
-- A provider's notification names its mandate by the provider's reference alone, before any account is known.
CREATE UNIQUE INDEX mandates_provider_ref ON mandates (provider, provider_mandate_ref);

-- Every provider notification event applied or passed over, once: a provider sends an event again until it is
-- answered 200, and a repeat changes nothing.
CREATE TABLE provider_events (
    provider      text        NOT NULL,
    event_id      text        NOT NULL,
    kind          text        NOT NULL,
    resource_ref  text,
    received_at   timestamptz NOT NULL,
    PRIMARY KEY (provider, event_id)
);
