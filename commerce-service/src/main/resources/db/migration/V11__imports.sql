-- Imports: a CSV file an operator uploads to move from another system (contacts, units, agreements with their
-- balances). The file is stored as it came, in chunks, and worked through in the background by the import worker.
CREATE TABLE imports (
    account_id          uuid        NOT NULL,
    id                  uuid        NOT NULL,
    -- Who the account belongs to, for the worker, which acts for the account outside any request.
    operator_id         uuid        NOT NULL,
    environment         text        NOT NULL,
    type                text        NOT NULL CHECK (type IN ('contacts', 'units', 'agreements')),
    dry_run             boolean     NOT NULL,
    status              text        NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    checksum_sha256     text        NOT NULL,
    size_bytes          bigint      NOT NULL,
    -- The import whose chunks hold the file: itself, or the dry run that `run` ran for real.
    file_import_id      uuid        NOT NULL,
    currency            text,
    rows_total          integer,
    rows_done           integer     NOT NULL DEFAULT 0,
    rows_with_problems  integer     NOT NULL DEFAULT 0,
    problems_count      integer     NOT NULL DEFAULT 0,
    unknown_columns     text[]      NOT NULL DEFAULT '{}',
    failure_code        text,
    failure_message     text,
    -- The worker's lease, and the claim that holds it: a runner whose claim was taken over writes nothing more.
    lease_until         timestamptz,
    attempts            integer     NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL,
    started_at          timestamptz,
    completed_at        timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX imports_due ON imports (created_at) WHERE status IN ('queued', 'running');
-- A file is imported for real once per type: a second real upload of it answers the first (unless that failed).
CREATE UNIQUE INDEX imports_one_real_run ON imports (account_id, type, checksum_sha256)
    WHERE NOT dry_run AND status <> 'failed';

-- The file as uploaded, about 256 KiB a row, in order.
CREATE TABLE import_chunks (
    account_id  uuid    NOT NULL,
    import_id   uuid    NOT NULL,
    seq         integer NOT NULL,
    bytes       bytea   NOT NULL,
    PRIMARY KEY (account_id, import_id, seq)
);

-- What is wrong with the file's rows, in row order (the first 1,000 of an import).
CREATE TABLE import_problems (
    account_id   uuid    NOT NULL,
    import_id    uuid    NOT NULL,
    seq          integer NOT NULL,
    row_number   bigint  NOT NULL,
    column_name  text,
    issue        text    NOT NULL,
    message      text    NOT NULL,
    PRIMARY KEY (account_id, import_id, seq)
);
