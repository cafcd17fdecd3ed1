-- Usernames are compared in one canonical form (explorer.UsernameKey:
-- trimmed, NFC, case-folded). The Go step of this migration adds and
-- fills users.name_key; names that fold to a key an older user holds keep
-- a key of their own (key#id), found by their exact name only.
CREATE UNIQUE INDEX users_name_key ON users (name_key);
