-- Where a user signs in: 'local' (a password hash here), 'ldap' or 'oidc'
-- (a company directory). external_id is the directory's own name for the
-- person (the LDAP entry's DN, the OpenID issuer and subject): a person
-- is found by it at every sign-in, so that they keep what they own.
ALTER TABLE users ADD COLUMN auth_source TEXT NOT NULL DEFAULT 'local';
ALTER TABLE users ADD COLUMN external_id TEXT;
CREATE UNIQUE INDEX users_external ON users(auth_source, external_id);

-- A second factor (TOTP, RFC 6238) of a local user. secret is the base32
-- shared secret (an authenticator app holds it too); confirmed_at is NULL
-- while being set up. last_step is the newest 30-second step whose code
-- was accepted: codes of that step or older are refused (no replay).
CREATE TABLE user_totp (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    confirmed_at BIGINT,
    last_step BIGINT NOT NULL DEFAULT 0
);

-- Single-use recovery codes, by SHA-256 (they are random, 50 bits each).
CREATE TABLE user_recovery_codes (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (user_id, code_hash)
);

-- A session whose password was verified and whose second factor is
-- awaited: NULL for a signed-in session, else the wrong codes sent so far.
ALTER TABLE sessions ADD COLUMN pending_attempts BIGINT;
