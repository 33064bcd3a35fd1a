-- Identity verifications (docs/api/compliance.md, "Identity verifications"): a customer's ID check, made of the
-- documents the operator asks for, one of which (photo_id) the online check at the ID-check provider checks.
CREATE TABLE identity_verifications (
    account_id             uuid        NOT NULL,
    id                     uuid        NOT NULL,
    -- Who the account is outside a request: a provider's notification acts as it.
    operator_id            uuid        NOT NULL,
    environment            text        NOT NULL CHECK (environment IN ('test', 'live')),
    contact_id             uuid        NOT NULL,
    status                 text        NOT NULL CHECK (status IN ('pending', 'requires_input', 'verified', 'canceled')),
    provider               text        NOT NULL,
    provider_reference     text        NOT NULL,
    requires_input_reason  text,
    -- The documents asked for when the check was made, each with whether, by whom and when it was checked.
    documents              jsonb       NOT NULL,
    -- The SHA-256 (hex) of the secret in the link emailed to the customer; the link itself is kept nowhere.
    link_token_hash        text        NOT NULL,
    link_expires_at        timestamptz NOT NULL,
    accepted_at            timestamptz,
    verified_at            timestamptz,
    canceled_at            timestamptz,
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- A provider's notification names the check by the provider's reference, unique across accounts.
CREATE UNIQUE INDEX identity_verifications_provider_ref ON identity_verifications (provider, provider_reference);
-- The customer's link is found by its secret's hash before any account is known.
CREATE UNIQUE INDEX identity_verifications_link ON identity_verifications (link_token_hash);
CREATE INDEX identity_verifications_contact ON identity_verifications (account_id, contact_id, id);

-- The ID-check providers' notification events already applied, by the provider's event id: a repeated one changes
-- nothing. They belong to no account until the check they name is found.
CREATE TABLE id_check_provider_events (
    provider      text        NOT NULL,
    event_id      text        NOT NULL,
    kind          text        NOT NULL,
    resource_ref  text,
    received_at   timestamptz NOT NULL,
    PRIMARY KEY (provider, event_id)
);

CREATE INDEX id_check_provider_events_received ON id_check_provider_events (received_at);
