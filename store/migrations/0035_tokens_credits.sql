-- API tokens get a scope (read: GET and HEAD only; write: everything, as
-- every token before) and an optional expiry (epoch ms; NULL: never).
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'write';
ALTER TABLE api_tokens ADD COLUMN expires_at BIGINT;

-- An account may be allowed to go below zero credits by at most
-- overdraft_credits (set by an admin, audited); low_credits_mailed_at is
-- the start of the billing cycle in which the low-balance mail was queued.
ALTER TABLE accounts ADD COLUMN overdraft_credits BIGINT NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN low_credits_mailed_at BIGINT;

-- A usage entry of the ledger names the project whose import it paid
-- (no foreign key: the entry outlives a deleted project).
ALTER TABLE credit_entries ADD COLUMN project_id BIGINT;
