-- The customer's link to their online ID check (docs/api/messages.md, "The ID check link"): an email crm writes on
-- compliance's identity_verification.link_issued, worded by the operator's template like the others.
ALTER TABLE message_templates DROP CONSTRAINT message_templates_name_check;
ALTER TABLE message_templates ADD CONSTRAINT message_templates_name_check
    CHECK (name IN ('unit_ready', 'payment_receipt', 'webhook_endpoint_disabled', 'id_check_link'));
