-- The model editor amends its author's newest version for a few minutes
-- (explorer.EditModel) instead of adding a version per change. models.revision
-- and model_versions.revision count the amendments of a version; editor
-- marks the versions the editor made (only those are amended). The content
-- a version had before an amendment stays in model_amendments, so that a
-- page loaded before it is still merged against what it showed.
ALTER TABLE models ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE model_versions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE model_versions ADD COLUMN editor BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE model_amendments (
    model_id BIGINT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    parts {{BLOB}} NOT NULL,
    PRIMARY KEY (model_id, version, revision)
);
