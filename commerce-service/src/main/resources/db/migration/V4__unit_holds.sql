-- Commerce owns the truth about who holds a unit: a reservation, an online order being paid, or an agreement
-- (from booking until it ends). One row per held unit; the primary key is what makes two requests racing for
-- the same unit end with exactly one hold, whatever the order they commit in.
CREATE TABLE unit_holds (
    account_id   uuid        NOT NULL,
    unit_id      uuid        NOT NULL,
    holder_kind  text        NOT NULL CHECK (holder_kind IN ('reservation', 'order', 'agreement')),
    holder_id    uuid        NOT NULL,
    contact_id   uuid        NOT NULL,
    held_until   timestamptz,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (account_id, unit_id)
);

-- A holder holds at most one unit.
CREATE UNIQUE INDEX unit_holds_holder ON unit_holds (account_id, holder_kind, holder_id);
