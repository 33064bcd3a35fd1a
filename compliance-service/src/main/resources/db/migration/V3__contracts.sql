-- Contracts (docs/api/compliance.md, "Contracts"): the licence document of a commerce agreement, made from the
-- account's licence template, and its signature.

-- The operator's own wording of a licence document. An account without a row uses the default in code (version 0);
-- each change counts one version more, a return to the default wording included.
CREATE TABLE contract_templates (
    account_id  uuid        NOT NULL,
    name        text        NOT NULL CHECK (name IN ('licence')),
    title       text        NOT NULL,
    body        text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, name)
);

-- The terms are those the document states (the agreement's when it was made); the document is kept as written,
-- never rewritten, with its SHA-256. The audit trail is a JSON array of {event, at, actor_type, credential_id,
-- ip_address}.
CREATE TABLE contracts (
    account_id         uuid        NOT NULL,
    id                 uuid        NOT NULL,
    agreement_id       uuid        NOT NULL,
    contact_id         uuid        NOT NULL,
    site_id            uuid        NOT NULL,
    unit_id            uuid        NOT NULL,
    status             text        NOT NULL CHECK (status IN ('awaiting_signature', 'signed', 'superseded')),
    licence_fee_minor  bigint      NOT NULL,
    currency           text        NOT NULL,
    move_in_date       date,
    template_version   integer     NOT NULL,
    document           bytea       NOT NULL,
    document_sha256    text        NOT NULL,
    document_size      integer     NOT NULL,
    signer_name        text,
    signer_ip_address  text,
    signed_at          timestamptz,
    superseded_by      uuid,
    audit_trail        jsonb       NOT NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK ((status = 'signed') = (signed_at IS NOT NULL))
);

-- One live contract per agreement: awaiting its signature or signed. Two requests racing to make one for the same
-- agreement meet here, and the second gives way.
CREATE UNIQUE INDEX contracts_live_per_agreement ON contracts (account_id, agreement_id)
    WHERE status <> 'superseded';
CREATE INDEX contracts_agreement ON contracts (account_id, agreement_id, id);
CREATE INDEX contracts_contact ON contracts (account_id, contact_id, id);
CREATE INDEX contracts_site ON contracts (account_id, site_id, id);
