-- Contacts: the customers (and the one walk-in sales record per account) of an operator.
-- kyc_status is derived at read time and never stored.
CREATE TABLE contacts (
    id                         uuid        PRIMARY KEY,
    account_id                 uuid        NOT NULL,
    first_name                 text        NOT NULL,
    last_name                  text        NOT NULL,
    email                      text,
    phone                      text,
    company_name               text,
    address_line1              text,
    address_line2              text,
    address_city               text,
    address_postcode           text,
    address_country            text,
    marketing_status           text        NOT NULL DEFAULT 'not_asked'
        CHECK (marketing_status IN ('yes', 'no', 'not_asked')),
    marketing_consent_wording  text,
    status                     text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    system_role                text        CHECK (system_role IN ('walk_in')),
    archived_at                timestamptz,
    created_at                 timestamptz NOT NULL,
    updated_at                 timestamptz NOT NULL
);

CREATE INDEX contacts_account_id ON contacts (account_id, id DESC);
CREATE INDEX contacts_account_email ON contacts (account_id, lower(email));
-- Exactly one walk-in record per account.
CREATE UNIQUE INDEX contacts_one_walk_in ON contacts (account_id) WHERE system_role = 'walk_in';
