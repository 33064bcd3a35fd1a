-- Reservations: a unit, or a unit type at a site, held for a customer until held_until. The hold of a unit itself
-- lives in unit_holds (whose primary key decides a race); this table is the reservation's own record.
-- operator_id and environment are the creating caller's, so the expiry sweep and event handlers can publish for
-- the account without a request.
CREATE TABLE reservations (
    id                   uuid        PRIMARY KEY,
    account_id           uuid        NOT NULL,
    operator_id          uuid,
    environment          text        CHECK (environment IN ('test', 'live')),
    contact_id           uuid        NOT NULL,
    site_id              uuid        NOT NULL,
    unit_id              uuid,
    unit_type_id         uuid        NOT NULL,
    source               text        NOT NULL CHECK (source IN ('storefront', 'backoffice', 'api')),
    status               text        NOT NULL CHECK (status IN ('active', 'cancelled', 'expired', 'converted')),
    held_until           timestamptz NOT NULL,
    move_in_date         date,
    licence_fee_minor    bigint      NOT NULL,
    currency             text        NOT NULL,
    coupon_id            uuid,
    deal_id              uuid,
    notes                text,
    converted_to_object  text        CHECK (converted_to_object IN ('agreement', 'order')),
    converted_to_id      uuid,
    cancellation_reason  text        CHECK (cancellation_reason IN ('requested', 'deal_lost')),
    cancelled_at         timestamptz,
    expired_at           timestamptz,
    converted_at         timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);

CREATE INDEX reservations_account_id ON reservations (account_id, id DESC);
-- The expiry sweep: active reservations by the time they lapse.
CREATE INDEX reservations_lapsing ON reservations (held_until) WHERE status = 'active';
CREATE INDEX reservations_deal ON reservations (account_id, deal_id) WHERE deal_id IS NOT NULL;
