-- Local copies of what compliance reads from other services, fed by their events (docs/api/compliance.md, "Events
-- compliance consumes"). They are projections: only the kit's projection handlers declared in internal/ write them.

-- The operator settings of each account (live and test), from auth's operator.* events (the kit's
-- OperatorSettingsProjection): online_id_checks_enabled, id_check_required_before_access, the walk-in record id.
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

-- The customers checks, contracts and credentials name, from commerce's contact.* events (the kit's
-- ContactsProjection): the contact as commerce last published it.
CREATE TABLE contacts (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    email       text,
    status      text        NOT NULL,
    data        jsonb       NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- Other services' records as they last published them (the kit's RecordsProjection): the catalogue's sites, unit
-- types and units, commerce's agreements. The newest event wins; a deletion is final.
CREATE TABLE records (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    object      text        NOT NULL,
    data        jsonb       NOT NULL,
    deleted     boolean     NOT NULL DEFAULT false,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);
