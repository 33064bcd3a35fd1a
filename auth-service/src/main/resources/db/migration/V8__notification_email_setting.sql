-- Where the operator hears about their platform (today: a webhook endpoint disabled after sustained failure),
-- sent by crm-service's messages. Null for none: the notice is then only recorded for the console.
ALTER TABLE operators
    ADD COLUMN notification_email text CHECK (char_length(notification_email) BETWEEN 3 AND 254);
