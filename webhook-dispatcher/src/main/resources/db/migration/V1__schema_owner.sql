-- The webhooks schema belongs to webhook-dispatcher alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- webhook-dispatcher's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'webhook-dispatcher: The event log, webhook endpoints, signed deliveries, retries and auto-disable';
