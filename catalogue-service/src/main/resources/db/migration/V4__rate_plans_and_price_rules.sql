-- Pricing: rate plans (the list price of a unit type over a span of dates) and price rules (adjustments to it).
-- The API records are com.storageplatform.catalogue.pricing.RatePlan and PriceRule; PriceQuotes applies them.
CREATE TABLE rate_plans (
    id            uuid        PRIMARY KEY,
    account_id    uuid        NOT NULL,
    -- The unit type's site, copied so site-restricted lists filter without a join.
    site_id       uuid        NOT NULL REFERENCES sites (id),
    unit_type_id  uuid        NOT NULL REFERENCES unit_types (id),
    name          text        CHECK (char_length(name) BETWEEN 1 AND 200),
    price_minor   bigint      NOT NULL CHECK (price_minor BETWEEN 0 AND 100000000),
    currency      text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- Inclusive bounds; null is open-ended. At most one plan in force per unit type per date (RatePlanService,
    -- under a lock on the unit type row).
    valid_from    date,
    valid_to      date,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    CONSTRAINT rate_plans_span CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to)
);

CREATE INDEX rate_plans_account_id_id ON rate_plans (account_id, id DESC);
CREATE INDEX rate_plans_unit_type_id ON rate_plans (unit_type_id);

CREATE TABLE price_rules (
    id                   uuid        PRIMARY KEY,
    account_id           uuid        NOT NULL,
    name                 text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    kind                 text        NOT NULL CHECK (kind IN ('occupancy', 'date_range', 'unit_feature')),
    status               text        NOT NULL CHECK (status IN ('active', 'inactive')),
    priority             integer     NOT NULL CHECK (priority BETWEEN 0 AND 1000),
    adjustment_kind      text        NOT NULL CHECK (adjustment_kind IN ('percent', 'fixed_amount')),
    adjustment_value     bigint      NOT NULL,
    -- Only for fixed_amount: the currency of adjustment_value.
    currency             text        CHECK (currency ~ '^[A-Z]{3}$'),
    -- kind occupancy
    occupancy_comparison text        CHECK (occupancy_comparison IN ('at_or_above', 'below')),
    threshold_percent    integer     CHECK (threshold_percent BETWEEN 0 AND 100),
    -- kind date_range (inclusive)
    starts_on            date,
    ends_on              date,
    -- kind unit_feature
    feature              text,
    -- Empty means every site / every unit type.
    site_ids             uuid[]      NOT NULL DEFAULT '{}',
    unit_type_ids        uuid[]      NOT NULL DEFAULT '{}',
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);

CREATE INDEX price_rules_account_id_id ON price_rules (account_id, id DESC);
