-- Lists read only the rows they show (issue 34). models.latest_at is the
-- time of a model's newest version (kept by CreateModelVersion), so the
-- start page finds the models of the newest versions through an index
-- instead of sorting every version; the other indexes give the lists
-- their order within one owner (PostgreSQL's single-column indexes do not
-- hold the id as SQLite's do). Each one-column index on owner_id or user_id
-- is a prefix of one made here and goes: the composite serves its lookups
-- (and the foreign keys' checks) and one index less is written per row.
ALTER TABLE models ADD COLUMN latest_at BIGINT NOT NULL DEFAULT 0;
UPDATE models SET latest_at = COALESCE((SELECT MAX(v.created_at) FROM model_versions v WHERE v.model_id = models.id), created_at);
CREATE INDEX models_owner_latest ON models(owner_id, latest_at, id);
CREATE INDEX models_owner_id ON models(owner_id, id);
CREATE INDEX model_versions_model_created ON model_versions(model_id, created_at, version);
CREATE INDEX model_accesses_user_model ON model_accesses(user_id, model_id);
CREATE INDEX poles_owner_id ON poles(owner_id, id);
CREATE INDEX projects_owner_id ON projects(owner_id, id);
DROP INDEX models_owner;
DROP INDEX model_accesses_user;
DROP INDEX poles_owner;
DROP INDEX projects_owner;
