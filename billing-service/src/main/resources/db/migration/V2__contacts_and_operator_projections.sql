-- Local copies of what billing reads from other services, fed by their events (docs/api/billing.md, "Events
-- billing consumes"). They are projections: only the inbox handlers of internal/ write them.

-- The customers invoices, payment methods, mandates and payments name, from commerce's contact.* events:
-- the contact as commerce last published it.
CREATE TABLE contacts (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    email       text,
    status      text        NOT NULL,
    data        jsonb       NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- The operator settings of each account (live and test), from auth's operator.* events.
CREATE TABLE account_settings (
    account_id          uuid        PRIMARY KEY,
    operator_id         uuid        NOT NULL,
    environment         text        NOT NULL,
    timezone            text        NOT NULL,
    default_currency    text        NOT NULL,
    walk_in_contact_id  uuid,
    settings            jsonb       NOT NULL,
    event_time          timestamptz NOT NULL
);
