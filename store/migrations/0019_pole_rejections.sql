-- Terms declined as suggestions for a pole: never suggested for it again.
-- Each is kept once per pole by term_key (the term trimmed and in lower
-- case, as pole_parts compares terms).
CREATE TABLE pole_rejections (
    pole_id BIGINT NOT NULL REFERENCES poles(id) ON DELETE CASCADE,
    term TEXT NOT NULL,
    term_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (pole_id, term_key)
);
