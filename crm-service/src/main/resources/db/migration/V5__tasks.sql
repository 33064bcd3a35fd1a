-- Tasks (docs/api/crm.md, "Tasks"): work for the operator's staff, on a deal or for a customer. site_id is the
-- deal's site when the task was given its deal, so site-restricted credentials can be kept to their sites' tasks.
CREATE TABLE tasks (
    account_id    uuid        NOT NULL,
    id            uuid        NOT NULL,
    title         text        NOT NULL,
    description   text,
    deal_id       uuid,
    contact_id    uuid,
    site_id       uuid,
    due_on        date,
    assignee      text,
    status        text        NOT NULL CHECK (status IN ('open', 'completed')),
    completed_at  timestamptz,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);

CREATE INDEX tasks_deal ON tasks (account_id, deal_id, id);
CREATE INDEX tasks_contact ON tasks (account_id, contact_id, id);
