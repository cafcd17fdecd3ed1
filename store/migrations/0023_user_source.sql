-- Where a user signs in: 'local' (a password hash here), 'ldap' or 'oidc'
-- (a company directory). external_id is the directory's own name for the
-- person (the LDAP entry's DN, the OpenID issuer and subject): a person
-- is found by it at every sign-in, so that they keep what they own.
ALTER TABLE users ADD COLUMN auth_source TEXT NOT NULL DEFAULT 'local';
ALTER TABLE users ADD COLUMN external_id TEXT;
CREATE UNIQUE INDEX users_external ON users(auth_source, external_id);
