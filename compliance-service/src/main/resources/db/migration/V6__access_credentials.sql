-- Access credentials (docs/api/access.md): gate codes, fobs and app keys that let a customer in to the site of an
-- agreement, issued from commerce's agreement events, and the commands that carry each change to the site's gate or
-- lock system through the AccessControl port.

-- Per agreement, what compliance has seen of commerce's agreement events. The access states only move forward
-- (drafted, signed, access held, access released; terminated is final), so each column records the earliest event
-- time that showed the agreement had reached it, and any order of the same events leaves the same row: a late or
-- repeated event can never make a held agreement look released, nor a terminated one live.
CREATE TABLE agreement_access (
    account_id     uuid        NOT NULL,
    agreement_id   uuid        NOT NULL,
    -- The customer, site and unit of the newest event read (facts_time); a transfer or a new customer moves them.
    contact_id     uuid,
    site_id        uuid,
    unit_id        uuid,
    facts_time     timestamptz,
    signed_at      timestamptz,
    held_at        timestamptz,
    released_at    timestamptz,
    terminated_at  timestamptz,
    -- The credential the platform issued for the agreement (for the customer, site and unit it had then); null until
    -- one was. A credential staff revoke is not issued again for the same customer, site and unit.
    credential_id  uuid,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id, agreement_id)
);

CREATE TABLE access_credentials (
    account_id    uuid        NOT NULL,
    id            uuid        NOT NULL,
    agreement_id  uuid        NOT NULL,
    contact_id    uuid        NOT NULL,
    site_id       uuid        NOT NULL,
    unit_id       uuid,
    kind          text        NOT NULL CHECK (kind IN ('gate_code', 'fob', 'app_key')),
    status        text        NOT NULL CHECK (status IN ('active', 'suspended', 'revoked')),
    -- The code, sealed (AES-256-GCM under COMPLIANCE_ACCESS_SEALING_KEY), and its keyed digest, which keeps a code
    -- unique among the site's live credentials of its kind. Both are erased when the credential is revoked.
    code_sealed   bytea,
    code_digest   bytea,
    reason        text        CHECK (reason IN ('agreement_terminated', 'agreement_changed', 'overlock', 'lost',
                                                'stolen', 'compromised', 'other')),
    issued_at     timestamptz NOT NULL,
    suspended_at  timestamptz,
    revoked_at    timestamptz,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK ((status = 'revoked') = (code_sealed IS NULL)),
    CHECK ((code_sealed IS NULL) = (code_digest IS NULL))
);

CREATE INDEX access_credentials_agreement ON access_credentials (account_id, agreement_id);
CREATE INDEX access_credentials_contact ON access_credentials (account_id, contact_id, id);
-- Two live credentials of one kind never share a code at a site: the gate could not tell whose it is.
CREATE UNIQUE INDEX access_credentials_live_code ON access_credentials (site_id, kind, code_digest)
    WHERE code_digest IS NOT NULL;

-- The commands sent to a site's gate or lock system (issue, suspend, reinstate or revoke a credential; apply or
-- release an overlock on a unit). Written in the transaction of the change; the command sender hands them to the
-- AccessControl port after the commit, in order per subject, and the system's confirmation settles them.
CREATE TABLE access_commands (
    account_id     uuid        NOT NULL,
    id             uuid        NOT NULL,
    -- The order commands are made in: a subject's commands are sent in it.
    seq            bigint      GENERATED ALWAYS AS IDENTITY,
    operator_id    uuid,
    environment    text        NOT NULL CHECK (environment IN ('test', 'live')),
    operation      text        NOT NULL CHECK (operation IN ('issue_credential', 'suspend_credential',
                                                             'reinstate_credential', 'revoke_credential',
                                                             'apply_overlock', 'release_overlock')),
    -- The credential, or the unit of an overlock.
    subject_id     uuid        NOT NULL,
    site_id        uuid        NOT NULL,
    unit_id        uuid,
    agreement_id   uuid,
    contact_id     uuid,
    kind           text,
    -- What the requester calls it (an overlock's id); null for credentials.
    reference      text,
    status         text        NOT NULL CHECK (status IN ('pending', 'sent', 'confirmed', 'failed', 'cancelled')),
    provider       text,
    provider_ref   text,
    attempts       integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    lease_until    timestamptz,
    last_error     text,
    created_at     timestamptz NOT NULL,
    sent_at        timestamptz,
    settled_at     timestamptz,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- The sender's claim: pending commands of every account, in the order they were made.
CREATE INDEX access_commands_pending ON access_commands (seq) WHERE status = 'pending';
CREATE INDEX access_commands_subject ON access_commands (account_id, subject_id, seq);
