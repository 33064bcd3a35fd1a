-- A coverage product may be created with only name, kind, pricing mode and currency (conventions.md): what it takes
-- to sell it (the insurer of insurance, the price of its pricing mode) may come later, and until it has come the
-- product is inactive. Fields that do not belong to the kind or pricing mode stay refused.
ALTER TABLE coverage_products
    DROP CONSTRAINT coverage_products_insurer,
    DROP CONSTRAINT coverage_products_price,
    ADD CONSTRAINT coverage_products_insurer CHECK (kind = 'insurance' OR insurer_name IS NULL),
    ADD CONSTRAINT coverage_products_price CHECK (
        (pricing_mode = 'fixed_level' AND rate_per_thousand_minor IS NULL)
        OR (pricing_mode = 'per_thousand' AND price_minor IS NULL)),
    ADD CONSTRAINT coverage_products_sellable_when_active CHECK (status <> 'active' OR (
        (kind <> 'insurance' OR insurer_name IS NOT NULL)
        AND (pricing_mode <> 'fixed_level' OR price_minor IS NOT NULL)
        AND (pricing_mode <> 'per_thousand' OR rate_per_thousand_minor IS NOT NULL)));
