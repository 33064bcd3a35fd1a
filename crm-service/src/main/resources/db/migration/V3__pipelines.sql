-- Pipelines and their ordered stages (docs/api/crm.md, "Pipelines"). Each account has one default pipeline,
-- created the first time it is needed; the partial unique index makes that creation race-safe.
CREATE TABLE pipelines (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    name        text        NOT NULL,
    is_default  boolean     NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE UNIQUE INDEX pipelines_one_default ON pipelines (account_id) WHERE is_default;

CREATE TABLE stages (
    account_id   uuid        NOT NULL,
    id           uuid        NOT NULL,
    pipeline_id  uuid        NOT NULL,
    name         text        NOT NULL,
    kind         text        NOT NULL CHECK (kind IN ('open', 'reserved', 'won', 'lost')),
    position     integer     NOT NULL,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, pipeline_id, position),
    FOREIGN KEY (account_id, pipeline_id) REFERENCES pipelines (account_id, id)
);
