-- The delinquency report's own table (docs/api/reports.md, "Delinquency"): what each invoice was owed from one day
-- to another, kept by collections from billing's invoice events (collections.DebtProjection), so that the report
-- reads the debts owed on a day without scanning every invoice. One row per stretch of days over which an unpaid,
-- finalised invoice owed the same amount: a payment, credit, write-off or void closes the stretch (owed_until, the
-- day of the change in the operator's time zone) and, while something is still owed, opens the next.
CREATE TABLE delinquency_debts (
    account_id         uuid    NOT NULL,
    invoice_id         uuid    NOT NULL,
    -- the first day (operator's time zone) the invoice owed outstanding_minor at the end of it
    owed_from          date    NOT NULL,
    -- the day it stopped owing that amount; null while it still does
    owed_until         date,
    contact_id         uuid    NOT NULL,
    -- the site of the invoice's plan; null for an invoice on no plan
    site_id            uuid,
    currency           text    NOT NULL,
    due_date           date    NOT NULL,
    outstanding_minor  bigint  NOT NULL CHECK (outstanding_minor > 0),
    PRIMARY KEY (account_id, invoice_id, owed_from),
    CHECK (owed_until IS NULL OR owed_until > owed_from)
);

-- What each invoice owes now: the row the next change of the invoice closes.
CREATE UNIQUE INDEX delinquency_debts_current ON delinquency_debts (account_id, invoice_id) WHERE owed_until IS NULL;
-- The report as of today reads only the debts still owed, by due date.
CREATE INDEX delinquency_debts_owed ON delinquency_debts (account_id, currency, due_date) WHERE owed_until IS NULL;
-- The report as of a past day reads the stretches that span it.
CREATE INDEX delinquency_debts_span ON delinquency_debts USING gist (daterange(owed_from, owed_until));
