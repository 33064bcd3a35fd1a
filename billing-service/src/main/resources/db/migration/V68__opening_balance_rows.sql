-- The rows of commerce's imports written as opening-balance invoices (POST /internal/v1/opening-balances): one per
-- (account, import, row), so a batch sent again never invoices a balance twice and answers the invoice written the
-- first time. The agreement and site the file named are kept with the row (an invoice has no such columns).
CREATE TABLE opening_balance_rows (
    account_id    uuid    NOT NULL,
    -- The SHA-256 of the imported file, as commerce sends it.
    import_key    text    NOT NULL CHECK (char_length(import_key) BETWEEN 1 AND 128),
    -- The record's line in the file (header = 1).
    row           integer NOT NULL CHECK (row >= 2),
    invoice_id    uuid    NOT NULL,
    agreement_id  uuid,
    site_id       uuid,
    PRIMARY KEY (account_id, import_key, row),
    FOREIGN KEY (account_id, invoice_id) REFERENCES invoices (account_id, id)
);
