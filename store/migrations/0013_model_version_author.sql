-- Who made each model version: the user whose upload, update or restore
-- created it. NULL when unknown: the user was deleted since, or the
-- version is older than this column (version 1 is then the owner's, who
-- uploaded or created the model).
ALTER TABLE model_versions ADD COLUMN created_by BIGINT REFERENCES users(id) ON DELETE SET NULL;
UPDATE model_versions SET created_by = (SELECT m.owner_id FROM models m WHERE m.id = model_versions.model_id)
    WHERE version = 1;
