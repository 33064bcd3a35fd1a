-- Products: retail items and fees an operator sells (padlocks, boxes, an admin fee). Scoped by account_id like every
-- catalogue table. The API record is com.storageplatform.catalogue.product.Product; this is its storage.
CREATE TABLE products (
    id                          uuid        PRIMARY KEY,
    account_id                  uuid        NOT NULL,
    name                        text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description                 text        CHECK (char_length(description) BETWEEN 1 AND 2000),
    sku                         text        CHECK (char_length(sku) BETWEEN 1 AND 64),
    accounting_code             text        CHECK (char_length(accounting_code) BETWEEN 1 AND 64),
    usable_website              boolean     NOT NULL,
    usable_shop                 boolean     NOT NULL,
    track_stock                 boolean     NOT NULL,
    stock_on_hand               bigint      CHECK (stock_on_hand >= 0),
    price_mode                  text        NOT NULL CHECK (price_mode IN ('fixed', 'per_unit')),
    unit_label                  text        CHECK (char_length(unit_label) BETWEEN 1 AND 50),
    -- The price in 1/10000 of the currency's major unit (12345 = 1.2345 GBP), so per-unit prices keep precision.
    unit_price_e4               bigint      NOT NULL CHECK (unit_price_e4 >= 0),
    currency                    text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    standard_rate_above_per_day bigint      CHECK (standard_rate_above_per_day >= 0),
    vat_treatment               text        NOT NULL
        CHECK (vat_treatment IN ('standard_20', 'reduced_5', 'zero', 'exempt', 'outside_scope')),
    status                      text        NOT NULL CHECK (status IN ('active', 'archived')),
    created_at                  timestamptz NOT NULL,
    updated_at                  timestamptz NOT NULL,
    -- Stock is counted only for a tracked product; a unit label only names the unit of a per-unit price.
    CONSTRAINT products_stock_tracked CHECK (track_stock = (stock_on_hand IS NOT NULL)),
    CONSTRAINT products_unit_label_per_unit CHECK ((price_mode = 'per_unit') = (unit_label IS NOT NULL)),
    CONSTRAINT products_threshold_not_standard
        CHECK (standard_rate_above_per_day IS NULL OR vat_treatment <> 'standard_20')
);

-- Every read and list filters on the account; lists page newest first on id (ADR 0007).
CREATE INDEX products_account_id_id ON products (account_id, id DESC);
