-- What commerce holds: a projection of its reservation, agreement and order events (holds.CommerceHoldsHandler),
-- so GET /v1/units?bookable=true and availability answer from local data. One row per holder; rows are kept
-- for events about units this service does not know, so the order events arrive in never matters.
CREATE TABLE unit_holds (
    account_id    uuid        NOT NULL,
    holder_kind   text        NOT NULL CHECK (holder_kind IN ('reservation', 'agreement', 'order')),
    holder_id     uuid        NOT NULL,
    -- Null for a reservation of a unit type rather than of one unit. No foreign key: events may name units
    -- that are unknown here.
    unit_id       uuid,
    unit_type_id  uuid,
    site_id       uuid,
    -- 1 holds the unit (held or booked: the unit shows as reserved), 2 occupies it (agreement active),
    -- 3 ended. Only ever moves forward, so a late or repeated event cannot bring an ended hold back.
    stage         smallint    NOT NULL CHECK (stage IN (1, 2, 3)),
    held_until    timestamptz,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, holder_kind, holder_id)
);

CREATE INDEX unit_holds_live_units ON unit_holds (account_id, unit_id) WHERE stage < 3;
CREATE INDEX unit_holds_live_unit_types ON unit_holds (account_id, unit_type_id) WHERE stage < 3 AND unit_id IS NULL;

-- The unit's share of the projection, kept on the unit so lists filter and page on one table:
-- none, reserved (a live stage-1 hold) or occupied (a live stage-2 hold).
ALTER TABLE units ADD COLUMN occupancy text NOT NULL DEFAULT 'none'
    CHECK (occupancy IN ('none', 'reserved', 'occupied'));
