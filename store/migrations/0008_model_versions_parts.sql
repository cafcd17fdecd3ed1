-- The versions written before 0007 are converted to parts and manifests
-- by a step in Go that runs first (store/migrate_versions.go); their
-- whole-model JSON is then dropped. The file keeps its pages until
-- VACUUM (see the README).
UPDATE model_versions SET content = '' WHERE parts IS NOT NULL;
