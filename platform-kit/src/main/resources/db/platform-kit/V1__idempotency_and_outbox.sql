-- Stored responses of idempotent requests; rows older than 24 hours are deleted by the cleanup job.
CREATE TABLE idempotency_keys (
    scope_id        uuid        NOT NULL,
    idempotency_key text        NOT NULL,
    fingerprint     text        NOT NULL,
    status_code     integer     NOT NULL,
    content_type    text,
    response_body   bytea       NOT NULL,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (scope_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Events written in the same transaction as the change they describe; the relay sends them to Kafka.
CREATE TABLE outbox_events (
    seq           bigserial   PRIMARY KEY,
    event_id      uuid        NOT NULL UNIQUE,
    partition_key text        NOT NULL,
    topic         text        NOT NULL,
    event_type    text        NOT NULL,
    payload       text        NOT NULL,
    created_at    timestamptz NOT NULL,
    sent_at       timestamptz,
    attempts      integer     NOT NULL DEFAULT 0,
    last_error    text
);
CREATE INDEX outbox_events_unsent ON outbox_events (partition_key, seq) WHERE sent_at IS NULL;
CREATE INDEX outbox_events_sent_at ON outbox_events (sent_at) WHERE sent_at IS NOT NULL;
