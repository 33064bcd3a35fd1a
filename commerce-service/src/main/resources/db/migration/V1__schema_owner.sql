-- The commerce schema belongs to commerce-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- commerce-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'commerce-service: Contacts, reservations, orders, agreements, subscriptions; occupancy and revenue reports; imports';
