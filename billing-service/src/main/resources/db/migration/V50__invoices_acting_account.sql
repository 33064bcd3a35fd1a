-- The operator and environment of the account each invoice belongs to, written when it is created, so that work
-- outside any request (the invoice-overdue sweep) publishes its events as that account (Caller.actingFor).
ALTER TABLE invoices ADD COLUMN operator_id uuid, ADD COLUMN environment text;
