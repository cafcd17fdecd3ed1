package store_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/store"
)

// openAtSchema opens a new database migrated up to number last, as an
// older release left it (PostgreSQL when EXPLORER_TEST_POSTGRES is set).
func openAtSchema(t *testing.T, last int) *store.DB {
	t.Helper()
	ctx := context.Background()
	var db *store.DB
	var err error
	if dsn := os.Getenv("EXPLORER_TEST_POSTGRES"); dsn != "" {
		db, err = store.OpenPostgresAt(ctx, testkit.FreshPostgres(t, dsn), last)
	} else {
		db, err = store.OpenSQLiteAt(ctx, filepath.Join(t.TempDir(), "old.db"), last)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestMigrationConvertsWholeModelVersions writes versions as whole-model
// JSON into a database at schema 6, migrates it, and reads every version
// back exactly; the JSON is gone and unchanged topics are stored once.
func TestMigrationConvertsWholeModelVersions(t *testing.T) {
	db := openAtSchema(t, 6)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(ctx, `INSERT INTO users (id, username, password_hash, role, status, created_at, password_changed_at) VALUES (1, 'ann', 'h', 'USER', 'ACTIVE', 0, 0)`))
	ed := &versionEditor{r: rand.New(rand.NewPCG(3, 4))}
	var want [][]explorer.Structure
	cur := explorer.Structure{}
	for model := int64(1); model <= 2; model++ {
		must(db.Exec(ctx, `INSERT INTO models (id, type, language, owner_id, created_at, version, next_group_id, next_topic_id, next_ignore_term_id)
			VALUES (?, 'STANDARD', 'EN', 1, 0, 40, 1, 1, 1)`, model))
		var versions []explorer.Structure
		for v := 1; v <= 40; v++ {
			cur = ed.edit(cur)
			content, err := json.Marshal(&cur)
			must(err)
			must(db.Exec(ctx, `INSERT INTO model_versions (model_id, version, created_at, content) VALUES (?, ?, ?, ?)`, model, v, int64(v), string(content)))
			// What the old store read back.
			var back explorer.Structure
			must(json.Unmarshal(content, &back))
			versions = append(versions, back)
		}
		want = append(want, versions)
	}
	must(db.Migrate(ctx))
	for i, versions := range want {
		checkVersions(t, db, int64(i+1), versions)
	}
	list, err := db.FindModelVersions(ctx, 2)
	must(err)
	if len(list) != 40 || list[39].Version != 40 || list[39].Created.UnixMilli() != 40 {
		t.Fatalf("versions after the migration: %+v", list)
	}
	var parts, topics, left int
	must(db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM model_parts`, &parts))
	must(db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM model_versions WHERE content <> ''`, &left))
	for _, versions := range want {
		for _, s := range versions {
			for _, g := range s.Groups {
				topics += len(g.Topics)
			}
		}
	}
	if left != 0 || parts == 0 || parts*3 > topics {
		t.Fatalf("%d versions keep their JSON; %d parts for %d topics of all versions", left, parts, topics)
	}
}
