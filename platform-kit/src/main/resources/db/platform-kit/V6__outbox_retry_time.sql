-- When a row that failed and stays pending is tried again (ADR 0020): the relay's first backoff, doubled with each
-- attempt up to its longest. Until then the relay passes over the row's whole account, so neither the row nor the
-- account's later rows are sent; once due, the row is tried alone before the rows behind it. Null for a row that
-- never failed, or was resubmitted.
ALTER TABLE outbox_events ADD COLUMN next_attempt_at timestamptz;
