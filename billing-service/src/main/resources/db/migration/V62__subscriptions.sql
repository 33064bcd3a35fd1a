-- Subscriptions: recurring billing plans and what they have invoiced (docs/api/subscriptions.md). Every figure is
-- an integer of minor units in the plan's currency, VAT included, as on invoice lines.

CREATE TABLE subscriptions (
    account_id                 uuid        NOT NULL,
    id                         uuid        NOT NULL,
    -- The account's operator and environment, which the billing run acts as.
    operator_id                uuid        NOT NULL,
    environment                text        NOT NULL,
    contact_id                 uuid        NOT NULL,
    site_id                    uuid        NOT NULL,
    agreement_id               uuid,
    -- pending, active, past_due, paused, cancelled, ended
    status                     text        NOT NULL,
    billing_interval           text        NOT NULL,
    interval_count             integer     NOT NULL CHECK (interval_count BETWEEN 1 AND 12),
    currency                   text        NOT NULL,
    -- The licence fee per billing period; 0 on a plan with no licence fee.
    amount_minor               bigint      NOT NULL CHECK (amount_minor >= 0),
    has_licence_fee            boolean     NOT NULL,
    licence_fee_vat_treatment  text        NOT NULL,
    licence_fee_description    text        NOT NULL,
    -- The day billing starts: the agreement's move-in date when it had one at creation, else the plan's own.
    start_date                 date        NOT NULL,
    current_period_start       date,
    current_period_end         date,
    next_billing_date          date        NOT NULL,
    anchor_day                 integer     NOT NULL CHECK (anchor_day BETWEEN 1 AND 31),
    -- The last day the plan bills (a cancellation's effective date, or the agreement's end).
    ends_on                    date,
    payment_method_id          uuid,
    mandate_id                 uuid,
    default_rail               text        NOT NULL,
    auto_collect               boolean     NOT NULL,
    collection_waived          boolean     NOT NULL,
    standing_order             boolean     NOT NULL DEFAULT false,
    customer_reference         text,
    -- The site's time zone: the billing run's "today" for this plan.
    timezone                   text        NOT NULL,
    pending_renewal_change     jsonb,
    started_at                 timestamptz,
    paused_at                  timestamptz,
    cancelled_at               timestamptz,
    ended_at                   timestamptz,
    created_at                 timestamptz NOT NULL,
    updated_at                 timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX subscriptions_contact ON subscriptions (account_id, contact_id, id);
CREATE INDEX subscriptions_agreement ON subscriptions (account_id, agreement_id) WHERE agreement_id IS NOT NULL;
-- The billing run reads plans that bill by their next billing date, across accounts.
CREATE INDEX subscriptions_due ON subscriptions (next_billing_date)
    WHERE status IN ('active', 'past_due', 'cancelled');
CREATE INDEX subscriptions_starting ON subscriptions (start_date) WHERE status = 'pending';

-- The repeating charges of a plan other than its licence fee: products, fees and the agreement's cover.
CREATE TABLE subscription_charges (
    account_id           uuid        NOT NULL,
    subscription_id      uuid        NOT NULL,
    id                   uuid        NOT NULL,
    -- product, fee, insurance (cover of kind insurance, carrying IPT), waiver (cover of kind waiver)
    kind                 text        NOT NULL,
    description          text        NOT NULL,
    product_id           uuid,
    cover_id             uuid,
    quantity             integer     NOT NULL CHECK (quantity > 0),
    -- Its own original price: for price_interval_count x price_interval. Null when it has none (a price per
    -- plan period on a plan billed every two or more intervals).
    price_minor          bigint      CHECK (price_minor >= 0),
    price_interval       text,
    price_interval_count integer,
    -- The price of one per billing period of the plan, now.
    amount_minor         bigint      NOT NULL CHECK (amount_minor >= 0),
    vat_treatment        text        NOT NULL,
    starts_on            date,
    ends_on              date,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (account_id, subscription_id, id),
    FOREIGN KEY (account_id, subscription_id) REFERENCES subscriptions (account_id, id)
);

CREATE UNIQUE INDEX subscription_charges_cover ON subscription_charges (account_id, subscription_id, cover_id)
    WHERE cover_id IS NOT NULL;

-- One-off charges waiting for the plan's next invoice: the charges of a voided invoice put back (void rule 5),
-- and late fees. billed_invoice_id is set when an invoice takes them.
CREATE TABLE subscription_waiting_charges (
    account_id          uuid        NOT NULL,
    id                  uuid        NOT NULL,
    subscription_id     uuid        NOT NULL,
    -- an invoice line kind (licence_fee, fee, product, insurance, charge), or late_fee
    kind                text        NOT NULL,
    description         text        NOT NULL,
    quantity            integer     NOT NULL CHECK (quantity > 0),
    amount_minor        bigint      NOT NULL CHECK (amount_minor >= 0),
    vat_treatment       text        NOT NULL,
    source_invoice_id   uuid,
    billed_invoice_id   uuid,
    created_at          timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, subscription_id) REFERENCES subscriptions (account_id, id)
);

CREATE INDEX subscription_waiting_charges_plan ON subscription_waiting_charges (account_id, subscription_id)
    WHERE billed_invoice_id IS NULL;

-- Every period a plan has invoiced: the key that makes a period billed exactly once, whatever reruns, crashes or
-- replicas do. kind: period (in advance), bridge (a renewal-date move), final (cancellation's waiting charges).
CREATE TABLE subscription_periods (
    account_id          uuid        NOT NULL,
    subscription_id     uuid        NOT NULL,
    period_start        date        NOT NULL,
    kind                text        NOT NULL,
    period_end          date        NOT NULL,
    invoice_id          uuid        NOT NULL,
    -- The promotion that discounted this period's invoice (periods_applied counts these while it stands).
    promotion_id        uuid,
    -- The invoice was voided: the period no longer counts as billed for cover or promotions.
    voided              boolean     NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL,
    PRIMARY KEY (account_id, subscription_id, kind, period_start),
    FOREIGN KEY (account_id, subscription_id) REFERENCES subscriptions (account_id, id)
);

CREATE INDEX subscription_periods_invoice ON subscription_periods (account_id, invoice_id);

-- The promotion on a plan (at most one in force): a coupon as the catalogue defined it when it was put on.
CREATE TABLE subscription_promotions (
    account_id          uuid        NOT NULL,
    id                  uuid        NOT NULL,
    subscription_id     uuid        NOT NULL,
    coupon_id           uuid        NOT NULL,
    code                text,
    name                text        NOT NULL,
    discount_kind       text        NOT NULL,
    discount_value      bigint      NOT NULL,
    duration            text        NOT NULL,
    -- The periods it discounts; null for a coupon that runs as long as the plan.
    periods_total       integer,
    -- checkout (an online order's coupon), reservation (the reservation's offer), code (promotion_code), api
    source              text        NOT NULL,
    removed_at          timestamptz,
    created_at          timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, subscription_id) REFERENCES subscriptions (account_id, id)
);

CREATE UNIQUE INDEX subscription_promotions_in_force ON subscription_promotions (account_id, subscription_id)
    WHERE removed_at IS NULL;

-- What billing reads from other services' events, each record in its owner's REST shape (internal/Records): the
-- catalogue's sites, unit types, products, coverage products and coupons, and commerce's agreements, reservations,
-- orders and covers. The newest event wins; a deletion is final. The products billing I kept move in here.
CREATE TABLE records (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    object      text        NOT NULL,
    data        jsonb       NOT NULL,
    deleted     boolean     NOT NULL DEFAULT false,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX records_coupon_code ON records (account_id, (data ->> 'code')) WHERE object = 'coupon';

INSERT INTO records (account_id, id, object, data, deleted, event_time)
SELECT account_id, id, 'product', data, deleted, event_time FROM catalogue_products;

DROP TABLE catalogue_products;
