-- Local copies of what crm reads from other services, fed by their events (docs/api/crm.md, "Events crm
-- consumes"). They are projections: only the inbox handlers of internal/ (and the kit's projections they
-- declare) write them.

-- The operator settings of each account (live and test), from auth's operator.* events (the kit's
-- OperatorSettingsProjection): deal_lost_default_reason, reserved_deal_follow_up_enabled, the walk-in record id.
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

-- The customers deals (and later tasks, notes and messages) name, from commerce's contact.* events: the contact
-- as commerce last published it.
CREATE TABLE contacts (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    email       text,
    status      text        NOT NULL,
    data        jsonb       NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- Other services' records as they last published them (the kit's RecordsProjection): the catalogue's sites and
-- unit types, commerce's agreements and reservations. The newest event wins; a deletion is final.
CREATE TABLE records (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    object      text        NOT NULL,
    data        jsonb       NOT NULL,
    deleted     boolean     NOT NULL DEFAULT false,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- A deal's reservations (DELETE is refused while one holds a unit for it).
CREATE INDEX records_reservation_deal ON records (account_id, (data ->> 'deal_id')) WHERE object = 'reservation';
