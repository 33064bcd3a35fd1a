-- The catalogue schema belongs to catalogue-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- catalogue-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'catalogue-service: Sites, widgets, unit types, units, availability, products, coverage products, coupons, rate plans, price rules';
