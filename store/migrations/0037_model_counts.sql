-- The models list shows each model's counts (issue 35): groups, topics and
-- terms of its newest version and its number of versions, kept on the
-- model's row by the store in the transaction that writes a version
-- (versionWritten), so the list reads only the rows it shows. The version
-- count is filled here; the structure's counts by migration 0038's Go step.
ALTER TABLE models ADD COLUMN groups_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE models ADD COLUMN topics_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE models ADD COLUMN terms_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE models ADD COLUMN versions_count INTEGER NOT NULL DEFAULT 0;
UPDATE models SET versions_count = (SELECT COUNT(*) FROM model_versions v WHERE v.model_id = models.id);
