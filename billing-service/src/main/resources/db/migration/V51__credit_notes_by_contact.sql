-- GET /v1/credit-notes?contact_id=: a customer's credit notes, newest first.
CREATE INDEX credit_notes_contact ON credit_notes (account_id, contact_id, id);
