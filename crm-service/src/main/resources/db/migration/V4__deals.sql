-- Deals (docs/api/crm.md, "Deals"): an enquiry's way through the account's pipeline to won or lost.
CREATE TABLE deals (
    account_id             uuid        NOT NULL,
    id                     uuid        NOT NULL,
    contact_id             uuid        NOT NULL,
    site_id                uuid        NOT NULL,
    channel                text,
    unit_type_id           uuid,
    need_by_date           date,
    agreement_id           uuid,
    reservation_id         uuid,
    quoted_at              timestamptz,
    reserved_at            timestamptz,
    last_activity_at       timestamptz NOT NULL,
    next_follow_up_on      date,
    next_follow_up_window  text,
    status                 text        NOT NULL CHECK (status IN ('open', 'won', 'lost')),
    pipeline_id            uuid        NOT NULL,
    stage_id               uuid        NOT NULL,
    lost_reason            text,
    note                   text,
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, stage_id) REFERENCES stages (account_id, id)
);

CREATE INDEX deals_contact ON deals (account_id, contact_id, id);
CREATE INDEX deals_site ON deals (account_id, site_id, id);
