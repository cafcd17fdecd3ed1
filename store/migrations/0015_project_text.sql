-- The bytes of text a project's rows store (each cell's bytes plus 3, as
-- the import counts them), summed per account against its stored-text
-- budget. Existing projects are counted from their rows once.
ALTER TABLE projects ADD COLUMN text_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE projects SET text_bytes = (SELECT COALESCE(SUM(LENGTH(cells)), 0) FROM project_rows WHERE project_rows.project_id = projects.id);
