-- How many of a user's API tokens were revoked, counted up in the
-- transaction that revokes one: a verified token is cached by every
-- instance while its user's count is what it was when the token was read
-- (auth.go), so that a revocation on one instance stops it on all at once.
ALTER TABLE users ADD COLUMN tokens_revoked BIGINT NOT NULL DEFAULT 0;
