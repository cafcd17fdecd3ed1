-- Poles: weighted term lists owned by a user. Parts keep their order
-- (seq) and a pole holds each term once, compared by term_key (the term
-- trimmed and in lower case).
CREATE TABLE poles (
    id {{ID}},
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    language TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX poles_owner ON poles(owner_id);

CREATE TABLE pole_parts (
    pole_id BIGINT NOT NULL REFERENCES poles(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    term TEXT NOT NULL,
    term_key TEXT NOT NULL,
    weight {{FLOAT}} NOT NULL,
    PRIMARY KEY (pole_id, seq),
    UNIQUE (pole_id, term_key)
);
