-- Sites: the operator's storage facilities. One row per site, always scoped by account_id (an operator has a
-- live and a test account). The API record is com.storageplatform.catalogue.site.Site; this is its storage.
CREATE TABLE sites (
    id               uuid        PRIMARY KEY,
    account_id       uuid        NOT NULL,
    name             text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description      text        CHECK (char_length(description) BETWEEN 1 AND 2000),
    status           text        NOT NULL CHECK (status IN ('active', 'inactive', 'archived')),
    timezone         text        NOT NULL,
    -- Written already sorted in the fixed list's order (SiteRules), so a read returns them in that order.
    amenities        text[]      NOT NULL DEFAULT '{}',
    phone            text,
    email            text,
    address_line1    text        CHECK (char_length(address_line1) <= 200),
    address_line2    text        CHECK (char_length(address_line2) <= 200),
    address_city     text        CHECK (char_length(address_city) <= 100),
    address_postcode text        CHECK (char_length(address_postcode) <= 20),
    address_country  text        CHECK (address_country ~ '^[A-Z]{2}$'),
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    -- An address is whole or absent: line2 is the only optional part.
    CONSTRAINT sites_address_whole CHECK (
        (address_line1 IS NULL AND address_line2 IS NULL AND address_city IS NULL
            AND address_postcode IS NULL AND address_country IS NULL)
        OR (address_line1 IS NOT NULL AND address_city IS NOT NULL
            AND address_postcode IS NOT NULL AND address_country IS NOT NULL))
);

-- Every read and every list filters on the account; lists page newest first on id (ADR 0007).
CREATE INDEX sites_account_id_id ON sites (account_id, id DESC);
