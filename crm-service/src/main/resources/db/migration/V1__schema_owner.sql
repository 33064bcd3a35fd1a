-- The crm schema belongs to crm-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- crm-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'crm-service: Deals, pipelines and stages, tasks, notes, messages and integration connections';
