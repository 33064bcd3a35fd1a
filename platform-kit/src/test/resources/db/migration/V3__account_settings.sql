-- The operator settings projection every service keeps, so that the kit's reports read an operator's time zone.
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
