-- Model versions store their topics in runs of a few consecutive topics,
-- one part a run, instead of one part a topic (store/versions.go): a
-- 50,000-topic upload inserts about 3,000 rows, not 50,000. A step in Go
-- that runs first (store/migrate_versions.go) stores every version and
-- amended revision written with a part per topic as runs and deletes the
-- parts of single topics. What each user stores is then recounted, as
-- store.RecountStorage computes it.
UPDATE user_storage SET bytes = CAST(
    (SELECT COALESCE(SUM(OCTET_LENGTH(p.content) + 16), 0) FROM model_parts p JOIN models m ON m.id = p.model_id WHERE m.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(COALESCE(OCTET_LENGTH(v.parts), 0) + OCTET_LENGTH(v.content)), 0) FROM model_versions v JOIN models m ON m.id = v.model_id WHERE m.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(a.parts)), 0) FROM model_amendments a JOIN models m ON m.id = a.model_id WHERE m.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(o.name) + OCTET_LENGTH(o.description)), 0) FROM poles o WHERE o.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(pp.term) + OCTET_LENGTH(pp.term_key) + 8), 0) FROM pole_parts pp JOIN poles o ON o.id = pp.pole_id WHERE o.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(j.text_bytes + OCTET_LENGTH(j.title) + OCTET_LENGTH(j.structure)), 0) FROM projects j WHERE j.owner_id = user_storage.user_id)
    + (SELECT COALESCE(SUM(OCTET_LENGTH(h.header)), 0) FROM project_headers h JOIN projects j ON j.id = h.project_id WHERE j.owner_id = user_storage.user_id)
    AS BIGINT);
