-- Hardware devices and access events (docs/api/access.md): the gates, doors and locks of each site, the entries and
-- exits their gate system reports, and the reports of the AccessControl port already applied.

CREATE TABLE hardware_devices (
    account_id    uuid        NOT NULL,
    id            uuid        NOT NULL,
    site_id       uuid        NOT NULL,
    -- The unit a door or lock is on; null for a device of the whole site.
    unit_id       uuid,
    kind          text        NOT NULL CHECK (kind IN ('gate', 'door', 'lock')),
    name          text        NOT NULL,
    -- The gate system's own id of the device: what its reports name it by.
    external_ref  text,
    status        text        NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX hardware_devices_site ON hardware_devices (account_id, site_id, id);
-- A report names its device by the system's id, so it is one device's within the account.
CREATE UNIQUE INDEX hardware_devices_external_ref ON hardware_devices (account_id, external_ref)
    WHERE external_ref IS NOT NULL;

-- What a gate system reported happening at a site: written only from the AccessControl port's reports.
CREATE TABLE access_events (
    account_id     uuid        NOT NULL,
    id             uuid        NOT NULL,
    site_id        uuid        NOT NULL,
    kind           text        NOT NULL CHECK (kind IN ('entry', 'exit', 'denied')),
    device_id      uuid,
    credential_id  uuid,
    contact_id     uuid,
    agreement_id   uuid,
    occurred_at    timestamptz NOT NULL,
    -- The system that reported it and its id of the report.
    provider       text        NOT NULL,
    report_id      text        NOT NULL,
    created_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, provider, report_id)
);

CREATE INDEX access_events_site ON access_events (account_id, site_id, id);
CREATE INDEX access_events_contact ON access_events (account_id, contact_id, id);
CREATE INDEX access_events_occurred ON access_events (account_id, occurred_at);

-- The port's reports already applied, by the system's id of each: a repeated report changes nothing. They belong
-- to no account until applied; the access-reports-cleanup job forgets them after 30 days.
CREATE TABLE access_reports (
    provider     text        NOT NULL,
    report_id    text        NOT NULL,
    kind         text        NOT NULL,
    received_at  timestamptz NOT NULL,
    PRIMARY KEY (provider, report_id)
);

CREATE INDEX access_reports_received ON access_reports (received_at);
