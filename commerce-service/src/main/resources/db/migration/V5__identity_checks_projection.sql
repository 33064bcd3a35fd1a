-- The customers' identity checks, as compliance's identity_verification.* events last described them: what
-- kyc_status is derived from and what releases an agreement's access hold. A projection: only
-- internal/IdentityChecksProjection writes it.
CREATE TABLE identity_checks (
    account_id   uuid        NOT NULL,
    id           uuid        NOT NULL,
    contact_id   uuid        NOT NULL,
    status       text        NOT NULL,
    event_time   timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX identity_checks_contact ON identity_checks (account_id, contact_id, event_time DESC);
