-- Widgets: the embeddable booking widget of each site, one per site. Rows are made with the defaults the first
-- time a site's widget is read (widget.WidgetService), so every site has one without a write through the API.
CREATE TABLE widgets (
    id              uuid        PRIMARY KEY,
    account_id      uuid        NOT NULL,
    site_id         uuid        NOT NULL UNIQUE REFERENCES sites (id),
    enabled         boolean     NOT NULL,
    embed_key       text        NOT NULL UNIQUE,
    primary_colour  text        NOT NULL CHECK (primary_colour ~ '^#[0-9A-F]{6}$'),
    font            text        NOT NULL,
    -- NULL: every unit type of the site, those added later included.
    unit_type_ids   uuid[],
    show_prices     boolean     NOT NULL,
    allowed_origins text[]      NOT NULL DEFAULT '{}',
    booking_mode    text        NOT NULL CHECK (booking_mode IN ('reserve', 'book_and_pay')),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);

CREATE INDEX widgets_account_id_id ON widgets (account_id, id DESC);
