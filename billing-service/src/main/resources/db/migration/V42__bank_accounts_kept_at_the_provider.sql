-- A bank account is kept at the Direct Debit provider from the moment its payment method is created (ADR 0026): the
-- provider tokenises it, as a card is, and the platform keeps only the provider's references, the holder's name, the
-- sort code and the last digits, never the whole account number.
-- provider_ref is the provider's reusable reference of either type: the card (Stripe's payment method) or the bank
-- account a mandate is made on (GoCardless's customer bank account). The customer the provider keeps it under:
ALTER TABLE payment_methods ADD COLUMN provider_customer_ref text;
