-- The documents each account's operator asks a customer for (docs/api/compliance.md, "Identity requirements"). An
-- account without a row asks for photo ID alone, which the online check checks.
CREATE TABLE identity_requirements (
    account_id  uuid        PRIMARY KEY,
    documents   text[]      NOT NULL CHECK (documents <@ ARRAY['photo_id', 'proof_of_address']
                                            AND 'photo_id' = ANY(documents)),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);
