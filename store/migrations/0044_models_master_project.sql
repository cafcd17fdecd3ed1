-- The models made from a project, found by it: LockProject takes them
-- before the project on PostgreSQL at every write of a project's parts
-- (DECISIONS-LOCAL.md, "Lock order"), and deleting a project clears
-- their master_project_id. Without an index both read every model.
CREATE INDEX models_master_project ON models(master_project_id);
