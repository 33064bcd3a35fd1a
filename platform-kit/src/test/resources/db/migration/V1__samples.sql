CREATE TABLE samples (
    id          uuid        PRIMARY KEY,
    account_id  uuid        NOT NULL,
    name        text        NOT NULL,
    status      text        NOT NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX samples_account_id_id ON samples (account_id, id DESC);

-- Counts handler executions, so tests can prove a request ran once.
CREATE TABLE executions (
    request_name text PRIMARY KEY,
    count        integer NOT NULL
);
