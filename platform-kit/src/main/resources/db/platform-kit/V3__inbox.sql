-- Events this service has consumed from other services' topics (projections): an id is handled once, however
-- often Kafka delivers it. Rows are kept as long as the events could be redelivered (see InboxCleanupJob).
CREATE TABLE inbox_events (
    event_id    uuid        PRIMARY KEY,
    event_type  text        NOT NULL,
    topic       text        NOT NULL,
    received_at timestamptz NOT NULL
);
CREATE INDEX inbox_events_received_at ON inbox_events (received_at);
