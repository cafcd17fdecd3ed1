-- The bytes each user's models, poles and projects store, kept as a
-- running counter that the store updates in the transaction of every
-- write and delete (store/storage.go says what counts), and the storage
-- budget an admin may set per user (NULL: the server's). The counter of
-- existing data is computed once, as RecountStorage computes it.
CREATE TABLE user_storage (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    bytes BIGINT NOT NULL
);
ALTER TABLE user_budgets ADD COLUMN storage BIGINT;
INSERT INTO user_storage (user_id, bytes)
SELECT u.id, CAST(
    (SELECT COALESCE(SUM(OCTET_LENGTH(p.content) + 16), 0) FROM model_parts p JOIN models m ON m.id = p.model_id WHERE m.owner_id = u.id)
    + (SELECT COALESCE(SUM(COALESCE(OCTET_LENGTH(v.parts), 0) + OCTET_LENGTH(v.content)), 0) FROM model_versions v JOIN models m ON m.id = v.model_id WHERE m.owner_id = u.id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(o.name) + OCTET_LENGTH(o.description)), 0) FROM poles o WHERE o.owner_id = u.id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(pp.term) + OCTET_LENGTH(pp.term_key) + 8), 0) FROM pole_parts pp JOIN poles o ON o.id = pp.pole_id WHERE o.owner_id = u.id)
    + (SELECT COALESCE(SUM(j.text_bytes + OCTET_LENGTH(j.title) + OCTET_LENGTH(j.structure)), 0) FROM projects j WHERE j.owner_id = u.id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(h.header)), 0) FROM project_headers h JOIN projects j ON j.id = h.project_id WHERE j.owner_id = u.id)
    AS BIGINT)
FROM users u;
