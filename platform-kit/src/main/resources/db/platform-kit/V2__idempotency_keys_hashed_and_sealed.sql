-- Idempotency keys are kept only as hashes, stored responses are sealed under a key derived from the
-- Idempotency-Key (see SealedResponse), and the headers a replay must repeat are kept beside them.
-- Rows in the old form cannot be read the new way; they live 24 hours at most, so they are dropped.
DELETE FROM idempotency_keys;
ALTER TABLE idempotency_keys RENAME COLUMN idempotency_key TO key_hash;
ALTER TABLE idempotency_keys ADD COLUMN response_headers text NOT NULL DEFAULT '{}';
