-- The append-only event log behind GET /v1/events: one row per public event, whatever Kafka redelivers.
CREATE TABLE events (
    id            uuid        PRIMARY KEY,          -- the id made at the source: also the webhook event id
    account_id    uuid        NOT NULL,
    operator_id   uuid,
    type          text        NOT NULL,             -- the public name
    source_type   text        NOT NULL,             -- the name it was published under
    source        text        NOT NULL,             -- /<service>
    api_version   text        NOT NULL,             -- the payload version data is in
    actor_type    text        NOT NULL,
    created       timestamptz NOT NULL,             -- when it happened, at the source
    data          jsonb       NOT NULL,
    received_at   timestamptz NOT NULL
);
CREATE INDEX events_account_id ON events (account_id, id DESC);
CREATE INDEX events_account_type ON events (account_id, type, id DESC);

CREATE TABLE webhook_endpoints (
    id                   uuid        PRIMARY KEY,
    account_id           uuid        NOT NULL,
    operator_id          uuid        NOT NULL,
    environment          text        NOT NULL CHECK (environment IN ('live', 'test')),
    url                  text        NOT NULL,
    description          text,
    enabled_events       text[]      NOT NULL,
    api_version          text        NOT NULL,
    status               text        NOT NULL CHECK (status IN ('active', 'disabled', 'paused')),
    consecutive_failures integer     NOT NULL DEFAULT 0,
    last_success_at      timestamptz,
    disabled_at          timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_account_id ON webhook_endpoints (account_id, id DESC);

-- Signing secrets, sealed with the deployment's key. More than one is active only during a rotation's 24 hours.
CREATE TABLE webhook_secrets (
    id            uuid        PRIMARY KEY,
    endpoint_id   uuid        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    secret_sealed bytea       NOT NULL,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz
);
CREATE INDEX webhook_secrets_endpoint ON webhook_secrets (endpoint_id);

CREATE TABLE webhook_deliveries (
    id                   uuid        PRIMARY KEY,
    account_id           uuid        NOT NULL,
    endpoint_id          uuid        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id             uuid        NOT NULL REFERENCES events (id),
    event_type           text        NOT NULL,
    status               text        NOT NULL
        CHECK (status IN ('pending', 'delivering', 'succeeded', 'retrying', 'exhausted')),
    attempts             integer     NOT NULL DEFAULT 0,
    next_attempt_at      timestamptz,
    lease_until          timestamptz,
    last_response_status integer,
    last_error           text,
    last_attempt_at      timestamptz,
    succeeded_at         timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (lease_until) WHERE status = 'delivering';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC);

-- What the operator was told, until messaging sends it as an email.
CREATE TABLE operator_notifications (
    id          uuid        PRIMARY KEY,
    account_id  uuid        NOT NULL,
    operator_id uuid        NOT NULL,
    kind        text        NOT NULL,
    subject_id  uuid        NOT NULL,
    message     text        NOT NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX operator_notifications_account ON operator_notifications (account_id, id DESC);
