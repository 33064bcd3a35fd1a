-- The dunning emails (docs/api/messages.md, "Dunning emails"): a reminder and a final notice crm writes on billing's
-- dunning.advanced, worded by the operator's templates like the others, and withdrawn when the case closes.
ALTER TABLE message_templates DROP CONSTRAINT message_templates_name_check;
ALTER TABLE message_templates ADD CONSTRAINT message_templates_name_check
    CHECK (name IN ('unit_ready', 'payment_receipt', 'webhook_endpoint_disabled', 'id_check_link', 'dunning_reminder',
                    'dunning_final_notice'));

-- The collections cases billing closed (dunning.resolved): a dunning email about one of them still waiting when its
-- turn comes is blocked, no_longer_due. A case is closed for good (a new debt opens another), so a row is never
-- removed, and a late dunning.advanced cannot reopen it.
CREATE TABLE closed_collections_cases (
    account_id uuid        NOT NULL,
    case_id    uuid        NOT NULL,
    closed_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, case_id)
);
