-- A row that fails past a bound is parked (ADR 0020): failed_at says when, and the relay passes it over, so its
-- account's later rows flow on, until the platform admin resubmits it (resubmitted_at). failing_since is the first
-- failure not explained by an outage since the row was written or resubmitted: the bound's clock.
ALTER TABLE outbox_events ADD COLUMN failing_since timestamptz;
ALTER TABLE outbox_events ADD COLUMN failed_at timestamptz;
ALTER TABLE outbox_events ADD COLUMN resubmitted_at timestamptz;

DROP INDEX outbox_events_unsent;
CREATE INDEX outbox_events_pending ON outbox_events (partition_key, seq) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_events_parked ON outbox_events (event_id) WHERE failed_at IS NOT NULL;
