-- Coverage products: goods insurance or a damage waiver a customer takes with a unit. The API record is
-- com.storageplatform.catalogue.coverage.CoverageProduct; this is its storage.
CREATE TABLE coverage_products (
    id                      uuid        PRIMARY KEY,
    account_id              uuid        NOT NULL,
    name                    text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description             text        CHECK (char_length(description) BETWEEN 1 AND 2000),
    kind                    text        NOT NULL CHECK (kind IN ('insurance', 'waiver')),
    insurer_name            text        CHECK (char_length(insurer_name) BETWEEN 1 AND 200),
    pricing_mode            text        NOT NULL CHECK (pricing_mode IN ('fixed_level', 'per_thousand')),
    price_minor             bigint      CHECK (price_minor >= 0),
    rate_per_thousand_minor bigint      CHECK (rate_per_thousand_minor BETWEEN 1 AND 100000),
    currency                text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    min_cover_minor         bigint      CHECK (min_cover_minor >= 0),
    max_cover_minor         bigint      CHECK (max_cover_minor >= 1),
    rounding_step           bigint      CHECK (rounding_step >= 1),
    billing_cycle           text        NOT NULL CHECK (billing_cycle = 'monthly'),
    regulatory_basis_ref    text        CHECK (char_length(regulatory_basis_ref) <= 200),
    status                  text        NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at              timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL,
    CONSTRAINT coverage_products_insurer CHECK ((kind = 'insurance') = (insurer_name IS NOT NULL)),
    CONSTRAINT coverage_products_price CHECK (
        (pricing_mode = 'fixed_level' AND price_minor IS NOT NULL AND rate_per_thousand_minor IS NULL)
        OR (pricing_mode = 'per_thousand' AND rate_per_thousand_minor IS NOT NULL AND price_minor IS NULL)),
    CONSTRAINT coverage_products_limits CHECK (min_cover_minor IS NULL OR max_cover_minor IS NULL
        OR min_cover_minor <= max_cover_minor)
);

CREATE INDEX coverage_products_account_id_id ON coverage_products (account_id, id DESC);

-- Projection of commerce's cover events (cover.started, cover.changed, cover.ended on commerce.events), kept by
-- coverage.CoverEventHandler through the kit inbox: which customers hold cover under which coverage product.
-- A product with a cover 'in_force' here refuses changes that would alter that cover (409 cover_in_force).
CREATE TABLE cover_holdings (
    id                  uuid        PRIMARY KEY,   -- the cover's id in commerce
    account_id          uuid        NOT NULL,
    coverage_product_id uuid        NOT NULL,
    agreement_id        uuid,
    contact_id          uuid,
    cover_minor         bigint,
    currency            text,
    status              text        NOT NULL CHECK (status IN ('in_force', 'ended')),
    -- The time of the last event applied: an older event arriving late (Kafka does not order across retries)
    -- never overwrites a newer one, and an ended cover never comes back.
    event_time          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);

CREATE INDEX cover_holdings_in_force ON cover_holdings (account_id, coverage_product_id) WHERE status = 'in_force';
