-- Model versions store what changed (store/versions.go): each topic of a
-- version, and its ignore terms with their dictionary, is a part stored
-- once per model by content (hash: the first 16 bytes of the SHA-256 of
-- the encoding) and shared by the versions that hold it. A version's row
-- keeps a manifest in parts: its groups and the ids of their topics'
-- parts. content stays for the versions written before; 0008 converts
-- them and empties it.
CREATE TABLE model_parts (
    id {{ID}},
    model_id BIGINT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
    hash {{BLOB}} NOT NULL,
    content {{BLOB}} NOT NULL,
    UNIQUE (model_id, hash)
);
ALTER TABLE model_versions ADD COLUMN parts {{BLOB}};
