-- Licence agreements (always a licence, never a lease) and the cover that goes with each. operator_id and
-- environment are kept so that event handlers (an identity check passing) can publish on the account's behalf.
-- The cover is part of the agreement: at most one cover at a time, kept on the row; cover_ends_on is set when
-- the agreement ends with its cover, and the columns are cleared when the cover is removed.
CREATE TABLE agreements (
    id                    uuid        PRIMARY KEY,
    account_id            uuid        NOT NULL,
    operator_id           uuid,
    environment           text,
    contact_id            uuid        NOT NULL,
    unit_id               uuid        NOT NULL,
    site_id               uuid        NOT NULL,
    unit_type_id          uuid        NOT NULL,
    reservation_id        uuid,
    order_id              uuid,
    licence_fee_minor     bigint      NOT NULL CHECK (licence_fee_minor >= 0),
    currency              text        NOT NULL,
    move_in_date          date,
    notice_date           date,
    end_date              date,
    status                text        NOT NULL CHECK (status IN ('quote', 'draft', 'pending_move_in', 'active',
                                                                 'notice_given', 'terminated')),
    signed_at             timestamptz,
    moved_in_at           timestamptz,
    terminated_at         timestamptz,
    access_status         text        NOT NULL CHECK (access_status IN ('drafted', 'signed', 'access_held',
                                                                        'access_released')),
    cover_id              uuid,
    coverage_product_id   uuid,
    cover_minor           bigint,
    cover_currency        text,
    cover_starts_on       date,
    cover_ends_on         date,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    CHECK ((cover_id IS NULL) = (coverage_product_id IS NULL))
);

CREATE INDEX agreements_account_id ON agreements (account_id, id DESC);
CREATE INDEX agreements_account_contact ON agreements (account_id, contact_id, id DESC);
CREATE INDEX agreements_account_site ON agreements (account_id, site_id, id DESC);
-- An order becomes at most one agreement; a reservation is taken up by at most one.
CREATE UNIQUE INDEX agreements_one_per_order ON agreements (account_id, order_id) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX agreements_one_per_reservation ON agreements (account_id, reservation_id)
    WHERE reservation_id IS NOT NULL;
-- Access holds released by an identity check, by customer.
CREATE INDEX agreements_access_held ON agreements (account_id, contact_id) WHERE access_status = 'access_held';
