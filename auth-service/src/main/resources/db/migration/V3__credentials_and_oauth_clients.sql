-- OAuth clients: client_id is public, the secret is stored only as its SHA-256 hash.
CREATE TABLE oauth_clients (
    id            uuid        PRIMARY KEY,
    client_id     text        NOT NULL,
    secret_hash   bytea       NOT NULL CHECK (octet_length(secret_hash) = 32),
    operator_id   uuid        NOT NULL,
    account_id    uuid        NOT NULL,
    environment   text        NOT NULL CHECK (environment IN ('live', 'test')),
    name          text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    grant_types   text[]      NOT NULL CHECK (cardinality(grant_types) >= 1
                                  AND grant_types <@ ARRAY['client_credentials', 'authorization_code']::text[]),
    redirect_uris text[]      NOT NULL DEFAULT '{}',
    scopes        text[]      NOT NULL CHECK (cardinality(scopes) >= 1),
    site_ids      uuid[]      CHECK (site_ids IS NULL OR cardinality(site_ids) BETWEEN 1 AND 100),
    actor_type    text        NOT NULL DEFAULT 'api' CHECK (actor_type = 'api'),
    created_at    timestamptz NOT NULL,
    revoked_at    timestamptz,
    CONSTRAINT oauth_clients_client_id UNIQUE (client_id),
    CONSTRAINT oauth_clients_secret_hash UNIQUE (secret_hash),
    CONSTRAINT oauth_clients_account FOREIGN KEY (account_id, operator_id, environment)
        REFERENCES accounts (id, operator_id, environment),
    CONSTRAINT oauth_clients_redirect_uris_for_authorization_code
        CHECK (NOT ('authorization_code' = ANY (grant_types)) OR cardinality(redirect_uris) >= 1)
);
-- The admin API lists an operator's clients newest first.
CREATE INDEX oauth_clients_operator_id_id ON oauth_clients (operator_id, id DESC);

-- Every bearer credential in one table, told apart by kind: API keys, static and staff tokens (issued through the
-- admin API) and OAuth access and refresh tokens (issued by /oauth/token). Only the SHA-256 hash of a secret is
-- stored; secret_prefix is its first 12 characters, for recognising it.
CREATE TABLE credentials (
    id              uuid        PRIMARY KEY,
    kind            text        NOT NULL CHECK (kind IN
                                    ('api_key', 'static_token', 'staff_token', 'access_token', 'refresh_token')),
    secret_hash     bytea       NOT NULL CHECK (octet_length(secret_hash) = 32),
    secret_prefix   text        NOT NULL CHECK (char_length(secret_prefix) = 12),
    operator_id     uuid        NOT NULL,
    account_id      uuid        NOT NULL,
    environment     text        NOT NULL CHECK (environment IN ('live', 'test')),
    name            text        CHECK (char_length(name) BETWEEN 1 AND 200),
    scopes          text[]      NOT NULL CHECK (cardinality(scopes) >= 1),
    site_ids        uuid[]      CHECK (site_ids IS NULL OR cardinality(site_ids) BETWEEN 1 AND 100),
    actor_type      text        NOT NULL CHECK (actor_type IN ('api', 'staff')),
    oauth_client_id uuid        REFERENCES oauth_clients (id),
    rotated_to_id   uuid        REFERENCES credentials (id),
    expires_at      timestamptz,
    revoked_at      timestamptz,
    created_at      timestamptz NOT NULL,
    CONSTRAINT credentials_secret_hash UNIQUE (secret_hash),
    CONSTRAINT credentials_account FOREIGN KEY (account_id, operator_id, environment)
        REFERENCES accounts (id, operator_id, environment),
    CONSTRAINT credentials_tokens_belong_to_a_client
        CHECK ((kind IN ('access_token', 'refresh_token')) = (oauth_client_id IS NOT NULL)),
    CONSTRAINT credentials_tokens_expire
        CHECK (kind NOT IN ('access_token', 'refresh_token') OR expires_at IS NOT NULL),
    CONSTRAINT credentials_staff_actor CHECK ((kind = 'staff_token') = (actor_type = 'staff'))
);
-- The admin API lists an operator's credentials of one kind newest first (keyset on id).
CREATE INDEX credentials_operator_kind_id ON credentials (operator_id, kind, id DESC);
-- Revoking an OAuth client revokes every token issued to it.
CREATE INDEX credentials_oauth_client_id ON credentials (oauth_client_id) WHERE oauth_client_id IS NOT NULL;
-- The cleanup job deletes long-expired OAuth tokens.
CREATE INDEX credentials_token_expires_at ON credentials (expires_at)
    WHERE kind IN ('access_token', 'refresh_token');
