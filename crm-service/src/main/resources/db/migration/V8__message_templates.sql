-- The operator's own wording of the transactional emails crm sends on the owners' events (docs/api/messages.md,
-- "Templates"). An account without a row for a template uses the default in code.
CREATE TABLE message_templates (
    account_id  uuid        NOT NULL,
    name        text        NOT NULL CHECK (name IN ('unit_ready', 'payment_receipt')),
    subject     text        NOT NULL,
    body        text        NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, name)
);
