package store

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"explorer/store/partcodec"
)

// goSteps are the migrations with a step in Go, by number. A step runs in
// the migration's transaction before the SQL of its file.
var goSteps = map[int]func(ctx context.Context, db *DB) error{
	8:  convertVersions,
	21: convertTopicRuns,
	26: addUsernameKeys,
}

// convertVersions stores the versions written as whole-model JSON (before
// migration 0007) as parts and manifests, one version at a time.
func convertVersions(ctx context.Context, db *DB) error {
	type key struct {
		model   int64
		version int
	}
	keys, err := queryList(ctx, db, `SELECT model_id, version FROM model_versions WHERE parts IS NULL ORDER BY model_id, version`, nil,
		func(sc rowScanner) (k key, err error) { return k, sc.Scan(&k.model, &k.version) })
	if err != nil {
		return err
	}
	for _, k := range keys {
		var content string
		if err := db.queryRow(ctx, "", `SELECT content FROM model_versions WHERE model_id = ? AND version = ?`, []any{k.model, k.version}, &content); err != nil {
			return err
		}
		s, err := decodeStructure([]byte(content))
		if err != nil {
			return fmt.Errorf("model %d version %d: %w", k.model, k.version, err)
		}
		// Migration 0017 counts what the parts store.
		manifest, _, err := db.storeParts(ctx, k.model, &s)
		if err != nil {
			return err
		}
		if _, err := db.exec(ctx, `UPDATE model_versions SET parts = ? WHERE model_id = ? AND version = ?`, manifest, k.model, k.version); err != nil {
			return err
		}
	}
	return nil
}

// manifestRow names a row holding a manifest: a version, or an amended
// revision of one (revision -1: a version's row).
type manifestRow struct {
	model    int64
	version  int
	revision int
}

// convertTopicRuns stores the topics of every version and amendment that
// has a part per topic (before migration 0021) as runs (versions.go), one
// manifest at a time, then deletes the parts of single topics, which only
// those manifests named. The file's SQL then recounts what users store.
func convertTopicRuns(ctx context.Context, db *DB) error {
	rows, err := manifestRows(ctx, db)
	if err != nil {
		return err
	}
	old := map[int64]bool{}
	for _, r := range rows {
		if err := convertManifest(ctx, db, r, old); err != nil {
			return fmt.Errorf("model %d version %d: %w", r.model, r.version, err)
		}
	}
	ids := slices.Collect(maps.Keys(old))
	for start := 0; start < len(ids); start += inChunk {
		chunk := ids[start:min(start+inChunk, len(ids))]
		list, size := inList(len(chunk))
		if _, err := db.exec(ctx, fmt.Sprintf(`DELETE FROM model_parts WHERE id IN (%s)`, list), padArgs(nil, chunk, size)...); err != nil {
			return err
		}
	}
	return nil
}

// manifestRows lists the rows of model_versions and model_amendments that
// hold a manifest, by model and version.
func manifestRows(ctx context.Context, db *DB) ([]manifestRow, error) {
	return queryList(ctx, db, `SELECT model_id, version, -1 FROM model_versions WHERE parts IS NOT NULL
		UNION ALL SELECT model_id, version, revision FROM model_amendments ORDER BY 1, 2, 3`, nil,
		func(sc rowScanner) (r manifestRow, err error) { return r, sc.Scan(&r.model, &r.version, &r.revision) })
}

// convertManifest rewrites the manifest of row r when it has a part per
// topic, and adds those parts' ids to old.
func convertManifest(ctx context.Context, db *DB, r manifestRow, old map[int64]bool) error {
	table, where, args := "model_versions", "model_id = ? AND version = ?", []any{r.model, r.version}
	if r.revision >= 0 {
		table, where, args = "model_amendments", where+" AND revision = ?", append(args, r.revision)
	}
	var manifest []byte
	if err := db.queryRow(ctx, "", `SELECT parts FROM `+table+` WHERE `+where, args, &manifest); err != nil {
		return err
	}
	if len(manifest) == 0 || manifest[0] != partcodec.ManifestPerTopic {
		return nil
	}
	m, err := partcodec.DecodeManifest(manifest)
	if err != nil {
		return err
	}
	s, err := db.readVersion(ctx, r.model, manifest)
	if err != nil {
		return err
	}
	for _, id := range m.Refs {
		old[id] = true
	}
	runs, _, err := db.storeParts(ctx, r.model, s)
	if err != nil {
		return err
	}
	_, err = db.exec(ctx, `UPDATE `+table+` SET parts = ? WHERE `+where, append([]any{runs}, args...)...)
	return err
}
