package store

import (
	"context"
	"encoding/json"
	"fmt"

	explorer "explorer"
)

// goSteps are the migrations with a step in Go, by number. A step runs in
// the migration's transaction before the SQL of its file.
var goSteps = map[int]func(ctx context.Context, db *DB) error{
	8: convertVersions,
}

// convertVersions stores the versions written as whole-model JSON (before
// migration 0007) as parts and manifests, one version at a time.
func convertVersions(ctx context.Context, db *DB) error {
	type key struct {
		model   int64
		version int
	}
	rows, err := db.query(ctx, `SELECT model_id, version FROM model_versions WHERE parts IS NULL ORDER BY model_id, version`)
	if err != nil {
		return err
	}
	var keys []key
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.model, &k.version); err != nil {
			rows.Close()
			return err
		}
		keys = append(keys, k)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range keys {
		var content string
		if err := db.queryRow(ctx, "", `SELECT content FROM model_versions WHERE model_id = ? AND version = ?`, []any{k.model, k.version}, &content); err != nil {
			return err
		}
		var s explorer.Structure
		if err := json.Unmarshal([]byte(content), &s); err != nil {
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
