-- The invoices whose debt a sale has taken in (in_sale_id), found by the sale when it is over
-- (docs/api/billing-shop.md): few rows at any moment, so a partial index.
CREATE INDEX invoices_in_sale ON invoices (account_id, in_sale_id) WHERE in_sale_id IS NOT NULL;
