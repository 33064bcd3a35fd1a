-- Notices to the operator (docs/api/messages.md, "Notices to the operator"): emails crm writes to the operator's
-- notification_email on other services' events, today the webhook-dispatcher's webhook_endpoint.disabled. A
-- notice has no contact: its address is fixed when it is made (recipient), and the sender looks up no contact.

ALTER TABLE messages ALTER COLUMN contact_id DROP NOT NULL;
-- Only a notice goes without a contact, and it always has its address. (IS NOT DISTINCT FROM: a null template
-- must fail the check, where "template = ..." would be null and pass it.)
ALTER TABLE messages ADD CONSTRAINT messages_contact_or_notice
    CHECK (contact_id IS NOT NULL
           OR (template IS NOT DISTINCT FROM 'webhook_endpoint_disabled' AND recipient IS NOT NULL));

-- Which of a template's messages about a record this one is, when a template sends more than one per record: the
-- disablement's disabled_at for webhook_endpoint_disabled (one notice per disablement: an endpoint re-enabled and
-- disabled again later gets a second). Null for a template that sends one per record (unit_ready,
-- payment_receipt).
ALTER TABLE messages ADD COLUMN occasion text;

-- The one-per-record rule, now per occasion: COALESCE keeps a null occasion one value (NULLs are otherwise
-- distinct in a unique index), so unit_ready and payment_receipt stay one per record.
CREATE UNIQUE INDEX messages_one_per_occasion ON messages (account_id, template, related_id, (COALESCE(occasion, '')))
    WHERE template IS NOT NULL;
DROP INDEX messages_one_per_template;

ALTER TABLE message_templates DROP CONSTRAINT message_templates_name_check;
ALTER TABLE message_templates ADD CONSTRAINT message_templates_name_check
    CHECK (name IN ('unit_ready', 'payment_receipt', 'webhook_endpoint_disabled'));
