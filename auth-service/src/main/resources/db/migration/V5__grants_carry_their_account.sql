-- Every row carries its account (ARCHITECTURE.md, ADR 0021): a grant's statements bind the account of the
-- installation it was granted on, which the pair below keeps equal to the installation's.
ALTER TABLE app_installations ADD CONSTRAINT app_installations_id_account UNIQUE (id, account_id);

ALTER TABLE oauth_grants ADD COLUMN account_id uuid;
UPDATE oauth_grants g SET account_id = i.account_id FROM app_installations i WHERE i.id = g.installation_id;
ALTER TABLE oauth_grants ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE oauth_grants ADD CONSTRAINT oauth_grants_installation_account
    FOREIGN KEY (installation_id, account_id) REFERENCES app_installations (id, account_id);
