-- Integration connections (docs/api/integrations.md): the operator's connected systems. Credentials are kept only
-- sealed (AES-256-GCM with CRM_INTEGRATIONS_SEALING_KEY, bound to the account and connection), never in clear;
-- credential_keys keeps their names, which the API shows.
CREATE TABLE integration_connections (
    account_id          uuid        NOT NULL,
    id                  uuid        NOT NULL,
    kind                text        NOT NULL CHECK (kind IN ('accounting', 'access_control', 'messaging', 'id_check')),
    provider            text        NOT NULL,
    -- email or sms for messaging (fixed by the provider), null for the other kinds
    channel             text        CHECK (channel IN ('email', 'sms')),
    name                text        NOT NULL,
    settings            jsonb       NOT NULL,
    credentials_sealed  bytea       NOT NULL,
    credential_keys     text[]      NOT NULL,
    -- the sites it serves; empty: every site of the account
    site_ids            uuid[]      NOT NULL,
    status              text        NOT NULL CHECK (status IN ('active', 'disabled', 'error')),
    last_error_message  text,
    last_error_at       timestamptz,
    last_used_at        timestamptz,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK ((channel IS NOT NULL) = (kind = 'messaging')),
    CHECK ((last_error_message IS NULL) = (last_error_at IS NULL))
);

-- One connection in service (active or error) per account for each kind, and for messaging each channel: the
-- system billing, compliance or crm's own ports use is never ambiguous. Disabled ones may be many.
CREATE UNIQUE INDEX integration_connections_one_in_service
    ON integration_connections (account_id, kind, COALESCE(channel, ''))
    WHERE status <> 'disabled';
