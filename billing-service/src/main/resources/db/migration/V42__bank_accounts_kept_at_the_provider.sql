-- A bank account is kept at the Direct Debit provider from the moment its payment method is created (ADR 0026): the
-- provider tokenises it, as a card is, and the platform keeps only the provider's references, the holder's name, the
-- sort code and the last digits. The whole numbers V41 kept until a mandate are cleared first (a dropped column's
-- values stay in the rows until they are rewritten; the versions the update leaves behind go at the next vacuum),
-- then the column goes.
UPDATE payment_methods SET account_number = NULL WHERE account_number IS NOT NULL;
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_account_number_bacs_only;
ALTER TABLE payment_methods DROP COLUMN account_number;

-- provider_ref is the provider's reusable reference of either type: the card (Stripe's payment method) or the bank
-- account a mandate is made on (GoCardless's customer bank account). A bank account saved before this migration has
-- none and takes no new mandate (409: add it again). The customer the provider keeps the bank account under:
ALTER TABLE payment_methods ADD COLUMN provider_customer_ref text;
