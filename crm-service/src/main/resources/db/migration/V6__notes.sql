-- Notes (docs/api/crm.md, "Notes"): what was said about a record, written once and never edited. site_id is the
-- subject's site (a deal's, an agreement's, a unit's), so site-restricted credentials can be kept to their sites'
-- notes; the author is the credential that wrote it.
CREATE TABLE notes (
    account_id            uuid        NOT NULL,
    id                    uuid        NOT NULL,
    subject_type          text        NOT NULL
                          CHECK (subject_type IN ('agreement', 'collections_case', 'contact', 'deal', 'unit')),
    subject_id            uuid        NOT NULL,
    body                  text        NOT NULL,
    site_id               uuid,
    author_actor_type     text        NOT NULL,
    author_credential_id  text,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX notes_subject ON notes (account_id, subject_id, id);
