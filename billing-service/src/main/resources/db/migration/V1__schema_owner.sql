-- The billing schema belongs to billing-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- billing-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'billing-service: Invoices, credit notes, payments, payment methods, mandates, billing runs, dunning and provider adapters';
