-- A disabled user cannot sign in nor use the JSON interface; NULL: enabled.
ALTER TABLE users ADD COLUMN disabled_at BIGINT;
