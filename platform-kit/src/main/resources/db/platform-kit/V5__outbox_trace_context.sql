-- The W3C traceparent of the request that wrote the event (ADR 0022): the relay sends it as the Kafka record's
-- traceparent header, so whoever consumes the event continues that request's trace. Null outside a trace.
ALTER TABLE outbox_events ADD COLUMN traceparent text;
