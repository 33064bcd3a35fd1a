-- The auth schema belongs to auth-service alone: no other service reads or writes it.
-- The shared tables (idempotency keys, outbox) come from platform-kit's own migrations;
-- auth-service's domain tables arrive with their features as V2 onwards.
COMMENT ON SCHEMA ${flyway:defaultSchema} IS 'auth-service: Operators, accounts, API keys, static and staff tokens, OAuth clients and tokens, introspection for the gateway';
