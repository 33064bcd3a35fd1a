-- Unit types (a size and price of storage at one site) and units (the lettable spaces themselves).
-- The API records are com.storageplatform.catalogue.unittype.UnitType and com.storageplatform.catalogue.unit.Unit.
CREATE TABLE unit_types (
    id             uuid        PRIMARY KEY,
    account_id     uuid        NOT NULL,
    site_id        uuid        NOT NULL REFERENCES sites (id),
    name           text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description    text        CHECK (char_length(description) BETWEEN 1 AND 2000),
    width_cm       integer     CHECK (width_cm BETWEEN 1 AND 10000),
    depth_cm       integer     CHECK (depth_cm BETWEEN 1 AND 10000),
    height_cm      integer     CHECK (height_cm BETWEEN 1 AND 10000),
    price_minor    bigint      NOT NULL CHECK (price_minor BETWEEN 0 AND 100000000),
    currency       text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    vat_treatment  text        NOT NULL CHECK (vat_treatment IN ('standard_20', 'reduced_5', 'zero', 'exempt', 'outside_scope')),
    -- Written already sorted in the fixed list's order (Features), so a read returns them in that order.
    features       text[]      NOT NULL DEFAULT '{}',
    status         text        NOT NULL CHECK (status IN ('active', 'archived')),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

CREATE INDEX unit_types_account_id_id ON unit_types (account_id, id DESC);
CREATE INDEX unit_types_site_id ON unit_types (site_id);

CREATE TABLE units (
    id             uuid        PRIMARY KEY,
    account_id     uuid        NOT NULL,
    site_id        uuid        NOT NULL REFERENCES sites (id),
    unit_type_id   uuid        NOT NULL REFERENCES unit_types (id),
    name           text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    floor          text        CHECK (char_length(floor) BETWEEN 1 AND 50),
    -- What the operator sets: available, out_of_service or archived. The status the API shows is this,
    -- unless the unit is available and commerce holds or occupies it (occupancy, maintained from events).
    operator_status text       NOT NULL CHECK (operator_status IN ('available', 'out_of_service', 'archived')),
    features       text[]      NOT NULL DEFAULT '{}',
    notes          text        CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

CREATE INDEX units_account_id_id ON units (account_id, id DESC);
CREATE INDEX units_unit_type_id ON units (unit_type_id);
-- A unit's name is how staff find it on site: one per site, compared without case.
CREATE UNIQUE INDEX units_site_name ON units (site_id, lower(name));
