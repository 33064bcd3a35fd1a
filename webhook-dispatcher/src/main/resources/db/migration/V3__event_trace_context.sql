-- The W3C traceparent the event arrived with (its Kafka header, from the publishing service's outbox row): ingest
-- and every delivery attempt of the event, however much later, continue that request's trace (ADR 0022).
ALTER TABLE events ADD COLUMN traceparent text;
