-- The rows of commerce's imports written as units (POST /internal/v1/unit-imports): one per (account, import, row),
-- so a batch sent again never writes a unit twice and answers the unit written the first time.
CREATE TABLE unit_import_rows (
    account_id  uuid    NOT NULL,
    -- The SHA-256 of the imported file, as commerce sends it.
    import_key  text    NOT NULL CHECK (char_length(import_key) BETWEEN 1 AND 128),
    -- The record's line in the file (header = 1).
    row         integer NOT NULL CHECK (row >= 2),
    unit_id     uuid    NOT NULL REFERENCES units (id),
    PRIMARY KEY (account_id, import_key, row)
);
