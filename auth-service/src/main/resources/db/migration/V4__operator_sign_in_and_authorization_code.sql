-- Operator sign-in through Keycloak and the authorization-code flow (ADR 0023, 0024).

-- The operators' staff: each is a Keycloak user (no password ever reaches us), mapped here to one operator and a
-- role. Keycloak's realm allows one user per email address, so an address belongs to one operator.
CREATE TABLE operator_users (
    id               uuid        PRIMARY KEY,
    operator_id      uuid        NOT NULL REFERENCES operators (id),
    email            text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email)),
    role             text        NOT NULL CHECK (role IN ('owner', 'staff')),
    keycloak_user_id text        NOT NULL,
    created_at       timestamptz NOT NULL,
    CONSTRAINT operator_users_email UNIQUE (email),
    CONSTRAINT operator_users_keycloak_user_id UNIQUE (keycloak_user_id)
);
CREATE INDEX operator_users_operator_id_id ON operator_users (operator_id, id DESC);

-- Signed-in sessions of the developer settings and the consent page. The cookie holds a random secret; only its
-- SHA-256 is stored. csrf_token is the session's synchronizer token for every form it posts.
CREATE TABLE operator_sessions (
    id               uuid        PRIMARY KEY,
    secret_hash      bytea       NOT NULL CHECK (octet_length(secret_hash) = 32),
    operator_user_id uuid        NOT NULL REFERENCES operator_users (id),
    csrf_token       text        NOT NULL CHECK (char_length(csrf_token) >= 32),
    created_at       timestamptz NOT NULL,
    expires_at       timestamptz NOT NULL,
    ended_at         timestamptz,
    CONSTRAINT operator_sessions_secret_hash UNIQUE (secret_hash)
);
CREATE INDEX operator_sessions_expires_at ON operator_sessions (expires_at);

-- An app (an OAuth client, possibly another operator's) installed on one of an operator's accounts: what the
-- operator consented to, and what they revoke to cut the app off.
CREATE TABLE app_installations (
    id              uuid        PRIMARY KEY,
    oauth_client_id uuid        NOT NULL REFERENCES oauth_clients (id),
    operator_id     uuid        NOT NULL,
    account_id      uuid        NOT NULL,
    environment     text        NOT NULL CHECK (environment IN ('live', 'test')),
    scopes          text[]      NOT NULL CHECK (cardinality(scopes) >= 1),
    installed_by    uuid        NOT NULL REFERENCES operator_users (id),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    revoked_at      timestamptz,
    CONSTRAINT app_installations_account FOREIGN KEY (account_id, operator_id, environment)
        REFERENCES accounts (id, operator_id, environment)
);
CREATE UNIQUE INDEX app_installations_one_active ON app_installations (oauth_client_id, account_id)
    WHERE revoked_at IS NULL;
CREATE INDEX app_installations_operator_id_id ON app_installations (operator_id, id DESC);

-- One grant per authorization code: the code itself (its SHA-256, single use, 10 minutes) and the family of
-- tokens issued from it and from rotating its refresh tokens. Reuse of the code or of a rotated refresh token
-- revokes the whole family.
CREATE TABLE oauth_grants (
    id              uuid        PRIMARY KEY,
    installation_id uuid        NOT NULL REFERENCES app_installations (id),
    oauth_client_id uuid        NOT NULL REFERENCES oauth_clients (id),
    code_hash       bytea       NOT NULL CHECK (octet_length(code_hash) = 32),
    redirect_uri    text        NOT NULL,
    code_challenge  text        NOT NULL CHECK (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
    scopes          text[]      NOT NULL CHECK (cardinality(scopes) >= 1),
    code_expires_at timestamptz NOT NULL,
    code_used_at    timestamptz,
    revoked_at      timestamptz,
    created_at      timestamptz NOT NULL,
    CONSTRAINT oauth_grants_code_hash UNIQUE (code_hash)
);
CREATE INDEX oauth_grants_installation_id ON oauth_grants (installation_id);

-- Tokens know their grant; the developer settings call the public API with short-lived access tokens of their
-- own session, which belong to no client.
ALTER TABLE credentials ADD COLUMN grant_id uuid REFERENCES oauth_grants (id);
ALTER TABLE credentials ADD COLUMN operator_session_id uuid REFERENCES operator_sessions (id);
ALTER TABLE credentials DROP CONSTRAINT credentials_tokens_belong_to_a_client;
ALTER TABLE credentials ADD CONSTRAINT credentials_tokens_belong_to_a_client_or_a_session
    CHECK ((kind IN ('access_token', 'refresh_token')) = (oauth_client_id IS NOT NULL OR operator_session_id IS NOT NULL)
           AND NOT (oauth_client_id IS NOT NULL AND operator_session_id IS NOT NULL));
ALTER TABLE credentials ADD CONSTRAINT credentials_refresh_tokens_belong_to_a_grant
    CHECK (kind <> 'refresh_token' OR grant_id IS NOT NULL);
CREATE INDEX credentials_grant_id ON credentials (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX credentials_operator_session_id ON credentials (operator_session_id) WHERE operator_session_id IS NOT NULL;
