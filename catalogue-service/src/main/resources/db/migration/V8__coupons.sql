-- Coupons: discounts on the licence fee (and, for repeating ones, the plan's repeating charges). The API record is
-- com.storageplatform.catalogue.coupon.Coupon; this is its storage.
CREATE TABLE coupons (
    id              uuid        PRIMARY KEY,
    account_id      uuid        NOT NULL,
    name            text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    -- Stored upper case, so uniqueness per account is case-insensitive.
    code            text        CHECK (code ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND char_length(code) <= 50),
    discount_kind   text        NOT NULL CHECK (discount_kind IN ('percent', 'fixed_amount')),
    discount_value  bigint      NOT NULL CHECK (discount_value >= 1),
    currency        text        CHECK (currency ~ '^[A-Z]{3}$'),
    duration        text        NOT NULL CHECK (duration IN ('once', 'repeating', 'forever')),
    duration_months integer     CHECK (duration_months BETWEEN 1 AND 36),
    online          boolean     NOT NULL,
    auto_apply      boolean     NOT NULL,
    site_ids        uuid[]      NOT NULL DEFAULT '{}',
    unit_type_ids   uuid[]      NOT NULL DEFAULT '{}',
    advertised      boolean     NOT NULL,
    status          text        NOT NULL CHECK (status IN ('active', 'archived')),
    valid_from      date,
    valid_to        date,
    max_redemptions integer     CHECK (max_redemptions >= 1),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    CONSTRAINT coupons_currency CHECK ((discount_kind = 'fixed_amount') = (currency IS NOT NULL)),
    CONSTRAINT coupons_percent CHECK (discount_kind <> 'percent' OR discount_value <= 100),
    CONSTRAINT coupons_months CHECK ((duration = 'repeating') = (duration_months IS NOT NULL)),
    CONSTRAINT coupons_validity CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to)
);

CREATE INDEX coupons_account_id_id ON coupons (account_id, id DESC);
CREATE UNIQUE INDEX coupons_account_code ON coupons (account_id, code) WHERE code IS NOT NULL;

-- Projection of commerce's quote events (quote.created, quote.updated, quote.accepted, quote.expired,
-- quote.withdrawn on commerce.events), kept by quotes.QuoteEventHandler through the kit inbox. A quote is live
-- while its status is 'live' and its expires_at has not passed; a coupon a live quote carries keeps its terms.
CREATE TABLE quotes (
    id          uuid        PRIMARY KEY,   -- the quote's id in commerce
    account_id  uuid        NOT NULL,
    coupon_id   uuid,
    status      text        NOT NULL CHECK (status IN ('live', 'accepted', 'expired', 'withdrawn')),
    expires_at  timestamptz,
    event_time  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);

CREATE INDEX quotes_live_coupon ON quotes (account_id, coupon_id) WHERE status = 'live';
