-- Orders: the online checkout. An order holds its unit (unit_holds, holder_kind 'order') while it awaits payment;
-- its price is fixed when it is created (or re-priced by a PATCH) and kept in `pricing`, the lines and totals the
-- customer was shown, which `pay` asks billing for without asking the catalogue again.
CREATE TABLE orders (
    account_id           uuid        NOT NULL,
    id                   uuid        NOT NULL,
    -- Who the account belongs to, for the jobs and event handlers that act on an order outside a request.
    operator_id          uuid        NOT NULL,
    environment          text        NOT NULL,
    contact_id           uuid        NOT NULL,
    site_id              uuid        NOT NULL,
    unit_id              uuid        NOT NULL,
    unit_type_id         uuid        NOT NULL,
    reservation_id       uuid,
    move_in_date         date        NOT NULL,
    source               text        NOT NULL CHECK (source IN ('storefront', 'backoffice', 'api')),
    coupon_id            uuid,
    coupon_code          text,
    coverage_product_id  uuid,
    products             jsonb       NOT NULL DEFAULT '[]',
    currency             text        NOT NULL,
    -- The monthly licence fee the order was priced with: the reservation's when it took one up (kept through
    -- re-pricing), else the catalogue's quote of the last pricing.
    licence_fee_minor    bigint      NOT NULL,
    fee_from_reservation boolean     NOT NULL DEFAULT false,
    pricing              jsonb       NOT NULL,
    priced_at            timestamptz NOT NULL,
    status               text        NOT NULL
        CHECK (status IN ('awaiting_payment', 'completed', 'abandoned', 'cancelled')),
    payment              jsonb,
    payment_status       text,
    agreement_id         uuid,
    return_url           text,
    -- A quote.* has been published for it (it carried a coupon at some point).
    quoted               boolean     NOT NULL DEFAULT false,
    completed_at         timestamptz,
    abandoned_at         timestamptz,
    cancelled_at         timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX orders_account_contact ON orders (account_id, contact_id, id DESC);
CREATE INDEX orders_account_site ON orders (account_id, site_id, id DESC);
-- The abandonment sweep reads orders awaiting payment across accounts.
CREATE INDEX orders_awaiting_payment ON orders (created_at) WHERE status = 'awaiting_payment';
