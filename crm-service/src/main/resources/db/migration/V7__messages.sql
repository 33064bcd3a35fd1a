-- Messages (docs/api/messages.md): what crm sends a customer by email or SMS, the one way anything is sent. A
-- message is stored first (queued, or blocked and never handed to a provider); the message sender hands queued ones
-- to their provider after the commit, so a provider that fails never loses one, and retries are bounded.
CREATE TABLE messages (
    account_id           uuid        NOT NULL,
    id                   uuid        NOT NULL,
    -- Who the account is outside a request (the sender and the provider's reports act as it); null when the
    -- owner's event that made the message named no operator.
    operator_id          uuid,
    environment          text        NOT NULL CHECK (environment IN ('test', 'live')),
    contact_id           uuid        NOT NULL,
    channel              text        NOT NULL CHECK (channel IN ('email', 'sms')),
    kind                 text        NOT NULL CHECK (kind IN ('transactional', 'marketing')),
    -- The operator's template it was written from (unit_ready, payment_receipt); null when sent through the API.
    template             text,
    subject              text,
    body                 text        NOT NULL,
    -- The address or number used (the API's "to"), from the contact as crm knew it when it was handed over.
    recipient            text,
    status               text        NOT NULL
                         CHECK (status IN ('queued', 'sent', 'delivered', 'bounced', 'blocked', 'failed')),
    blocked_reason       text        CHECK (blocked_reason IN ('marketing_refused', 'no_longer_due',
                                                               'address_reserved', 'payment_not_received')),
    provider             text,
    provider_message_id  text,
    failure_reason       text,
    related_object       text,
    related_id           uuid,
    attempts             integer     NOT NULL DEFAULT 0,
    -- When a queued message is handed to its provider next (a receipt waits for its payment to settle).
    next_attempt_at      timestamptz,
    -- A sender is handing the message over until then; after it another may try again.
    lease_until          timestamptz,
    sent_at              timestamptz,
    delivered_at         timestamptz,
    bounced_at           timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK ((status = 'blocked') = (blocked_reason IS NOT NULL))
);

-- The sender's claim: due queued messages of every account.
CREATE INDEX messages_due ON messages (next_attempt_at) WHERE status = 'queued';
-- A provider's report names the message by the provider's own id, unique across accounts.
CREATE UNIQUE INDEX messages_provider_ref ON messages (provider, provider_message_id)
    WHERE provider_message_id IS NOT NULL;
CREATE INDEX messages_contact ON messages (account_id, contact_id, id);
-- One message of a template per record it is about (one unit-ready email per agreement, one receipt per payment),
-- however often the owner's event arrives.
CREATE UNIQUE INDEX messages_one_per_template ON messages (account_id, template, related_id)
    WHERE template IS NOT NULL;

-- The providers' delivery reports already applied, by the provider's event id: a repeated report changes nothing.
-- They belong to no account until the message they name is found.
CREATE TABLE message_provider_events (
    provider      text        NOT NULL,
    event_id      text        NOT NULL,
    kind          text        NOT NULL,
    resource_ref  text,
    received_at   timestamptz NOT NULL,
    PRIMARY KEY (provider, event_id)
);

CREATE INDEX message_provider_events_received ON message_provider_events (received_at);
