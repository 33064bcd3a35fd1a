-- The catalogue's products as its product.* events on catalogue.events last told them (docs/api/billing-shop.md):
-- what a shop sale sells. A projection: only internal/ProductsProjection writes it. data is the catalogue's REST
-- shape of the product; the newest event wins (event_time), and a deletion is final.
CREATE TABLE catalogue_products (
    account_id  uuid        NOT NULL,
    id          uuid        NOT NULL,
    data        jsonb       NOT NULL,
    deleted     boolean     NOT NULL,
    event_time  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);
