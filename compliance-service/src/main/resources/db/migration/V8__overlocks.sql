-- Billing's overlocks as compliance carries them out (docs/api/access.md, "Overlocks"): billing asks for a unit to be
-- locked against its customer over a debt (overlock.requested) and later unlocked (overlock.release_requested), and
-- compliance queues the apply_overlock and release_overlock commands (access_commands, reference = the overlock id)
-- and suspends and reinstates the agreement's credentials. Events can come twice or out of order, so each overlock
-- keeps what was asked and what was queued: an apply is queued once per overlock, before its release, and a release
-- is never lost.
CREATE TABLE overlocks (
    account_id           uuid        NOT NULL,
    -- Billing's overlock id.
    id                   uuid        NOT NULL,
    agreement_id         uuid        NOT NULL,
    -- The site and unit the lock was put on: it stays there until released, whatever becomes of the agreement.
    site_id              uuid        NOT NULL,
    unit_id              uuid        NOT NULL,
    -- The time of the events seen; null until one is.
    requested_at         timestamptz,
    release_requested_at timestamptz,
    -- The commands queued (null until they are), and how the system settled them.
    apply_command_id     uuid,
    release_command_id   uuid,
    applied_at           timestamptz,
    apply_failed_at      timestamptz,
    released_at          timestamptz,
    release_failed_at    timestamptz,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- Whether an overlock of the agreement is in force when a credential is issued or reinstated.
CREATE INDEX overlocks_agreement ON overlocks (account_id, agreement_id);

-- The simulated lock system's confirmations after its delay: its lock commands still waiting, oldest first.
CREATE INDEX access_commands_simulated_locks ON access_commands (sent_at)
    WHERE status = 'sent' AND provider = 'simulator' AND operation IN ('apply_overlock', 'release_overlock');
