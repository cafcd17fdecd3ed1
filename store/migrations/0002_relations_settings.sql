-- Manager relations and user settings.
CREATE TABLE managers (
    managed_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    manager_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);
CREATE INDEX managers_manager ON managers(manager_id);

CREATE TABLE user_settings (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);
