-- Per-user overrides of the budgets an admin raised (NULL: the server's
-- budget): objects owned and writes per minute.
CREATE TABLE user_budgets (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    models INTEGER,
    poles INTEGER,
    projects INTEGER,
    tokens INTEGER,
    writes_per_minute INTEGER
);
