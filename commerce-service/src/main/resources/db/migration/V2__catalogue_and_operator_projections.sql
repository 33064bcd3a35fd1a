-- Local copies of what commerce reads from other services, fed by their events (docs/api/commerce.md,
-- "Events commerce consumes"). They are projections: only the inbox handlers of internal/ write them.

-- The catalogue records commerce books and prices with (sites, unit types, units, products, coverage products,
-- coupons), each as the catalogue's REST shape of its last event.
CREATE TABLE catalogue_records (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    object      text        NOT NULL,
    data        jsonb       NOT NULL,
    deleted     boolean     NOT NULL DEFAULT false,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- A coupon is named by its code on orders: upper case, unique per account in the catalogue.
CREATE INDEX catalogue_records_coupon_code ON catalogue_records (account_id, (data ->> 'code'))
    WHERE object = 'coupon';

-- The operator settings of each account (live and test), from auth's operator.* events.
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
