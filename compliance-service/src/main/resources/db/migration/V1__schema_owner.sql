-- The compliance schema belongs to compliance-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- compliance-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'compliance-service: Contracts, identity verifications, access credentials, access events, hardware devices, access holds';
