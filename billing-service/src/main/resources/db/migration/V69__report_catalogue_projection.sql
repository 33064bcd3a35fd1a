-- The catalogue's sites, unit types and units, and commerce's agreements' units, as the occupancy and revenue
-- reports read them (docs/api/reports.md): typed columns kept by report/ReportProjections from catalogue.events
-- and commerce.events, so a report over 50,000 units reads narrow rows instead of their JSON. The newest event
-- wins (event_time); only report/ReportProjections writes these tables.
CREATE TABLE report_sites (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    name        text        NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE TABLE report_unit_types (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    site_id     uuid        NOT NULL,
    name        text        NOT NULL,
    -- width_cm x depth_cm; null when the unit type does not record both.
    area_cm2    bigint,
    -- The list price: the monthly licence fee in minor units of currency.
    price_minor bigint      NOT NULL,
    currency    text        NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE TABLE report_units (
    account_id   uuid        NOT NULL,
    id           uuid        NOT NULL,
    site_id      uuid        NOT NULL,
    unit_type_id uuid        NOT NULL,
    -- The status the catalogue shows: available, reserved, occupied, out_of_service or archived.
    status       text        NOT NULL,
    event_time   timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX report_units_site ON report_units (account_id, site_id);

-- The unit each agreement lets: how a plan (which names its agreement) finds its unit.
CREATE TABLE report_agreements (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    unit_id     uuid,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);
