-- A bank account's whole number, kept only until the mandate made on it hands it to the provider, then erased
-- (set to NULL): the Direct Debit port takes the bank account with the mandate, and mandates are made by their own
-- request (docs/api/billing.md, "Payment methods"). Never answered, never logged.
ALTER TABLE payment_methods ADD COLUMN account_number text;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_account_number_bacs_only
    CHECK (account_number IS NULL OR type = 'bacs_debit');
