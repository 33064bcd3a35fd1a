-- Operators (the tenants) and their two accounts, one per environment. The settings columns are the operator
-- switches the spec names; other services keep projections of them from the operator.* events.
CREATE TABLE operators (
    id                              uuid        PRIMARY KEY,
    name                            text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    default_currency                text        NOT NULL CHECK (default_currency ~ '^[A-Z]{3}$'),
    timezone                        text        NOT NULL,
    online_id_checks_enabled        boolean     NOT NULL DEFAULT false,
    id_check_required_before_access boolean     NOT NULL DEFAULT false,
    void_overdue_enabled            boolean     NOT NULL DEFAULT false,
    deal_lost_default_reason        text        CHECK (char_length(deal_lost_default_reason) BETWEEN 1 AND 200),
    reserved_deal_follow_up_enabled boolean     NOT NULL DEFAULT true,
    published_website_urls          text[]      NOT NULL DEFAULT '{}'
                                                CHECK (cardinality(published_website_urls) <= 20),
    -- The walk-in sales records, one per environment; commerce-service creates them and fills these in.
    walk_in_contact_id_live         uuid,
    walk_in_contact_id_test         uuid,
    created_at                      timestamptz NOT NULL,
    updated_at                      timestamptz NOT NULL
);

CREATE TABLE accounts (
    id          uuid        PRIMARY KEY,
    operator_id uuid        NOT NULL REFERENCES operators (id),
    environment text        NOT NULL CHECK (environment IN ('live', 'test')),
    created_at  timestamptz NOT NULL,
    CONSTRAINT accounts_one_per_environment UNIQUE (operator_id, environment),
    -- Target of the credential tables' composite foreign keys: a credential can never name an account of another
    -- operator or environment than its own columns say.
    CONSTRAINT accounts_id_operator_environment UNIQUE (id, operator_id, environment)
);
