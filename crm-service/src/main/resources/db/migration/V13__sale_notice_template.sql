-- A lien sale's notice to the customer (docs/api/messages.md, "The sale notice"): an email crm writes on billing's
-- sale_process.notice_due, worded by the operator's template like the others. The dunning templates another change of
-- issue 18 adds are named too, so that either migration order leaves every template allowed.
ALTER TABLE message_templates DROP CONSTRAINT message_templates_name_check;
ALTER TABLE message_templates ADD CONSTRAINT message_templates_name_check
    CHECK (name IN ('unit_ready', 'payment_receipt', 'webhook_endpoint_disabled', 'id_check_link',
                    'dunning_reminder', 'dunning_final_notice', 'sale_notice'));
