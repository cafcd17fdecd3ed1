package store_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	explorer "explorer"
)

// TestMigrationStoresTopicsInRuns writes versions and an amendment with a
// part per topic (as the store did before migration 0021) into a database
// at schema 20, migrates it, and reads every version back exactly; the
// parts of single topics are gone, there are fewer parts than topics, and
// what the users store is what a recount finds.
func TestMigrationStoresTopicsInRuns(t *testing.T) {
	db := openAtSchema(t, 20)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(ctx, `INSERT INTO users (id, username, password_hash, role, status, created_at, password_changed_at) VALUES (1, 'ann', 'h', 'USER', 'ACTIVE', 0, 0)`))
	must(db.Exec(ctx, `INSERT INTO user_storage (user_id, bytes) VALUES (1, 12345)`))
	ed := &versionEditor{r: rand.New(rand.NewPCG(5, 6))}
	var want [][]explorer.Structure
	cur := explorer.Structure{}
	for i := 0; i < 200; i++ {
		if i%20 == 0 {
			cur.Groups = append(cur.Groups, explorer.Group{ID: int64(-i - 1)})
		}
		g := &cur.Groups[len(cur.Groups)-1]
		g.Topics = append(g.Topics, ed.topic())
	}
	for model := int64(1); model <= 2; model++ {
		must(db.Exec(ctx, `INSERT INTO models (id, type, language, owner_id, created_at, version, next_group_id, next_topic_id, next_ignore_term_id)
			VALUES (?, 'STANDARD', 'EN', 1, 0, 30, 1, 1, 1)`, model))
		var versions []explorer.Structure
		for v := 1; v <= 30; v++ {
			cur = ed.edit(cur)
			must(db.StoreVersionV1Tx(ctx, model, v, &cur))
			versions = append(versions, cur)
		}
		want = append(want, versions)
	}
	// Version 30 of model 2 was amended: its revision 0 is kept.
	must(db.Exec(ctx, `INSERT INTO model_amendments (model_id, version, revision, created_at, parts)
		SELECT model_id, 30, 0, created_at, parts FROM model_versions WHERE model_id = 2 AND version = 29`))
	var before int
	must(db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM model_parts`, &before))
	must(db.Migrate(ctx))
	for i, versions := range want {
		checkVersions(t, db, int64(i+1), versions)
	}
	amended, err := db.FindModelAmendment(ctx, 2, 30, 0)
	must(err)
	if !reflect.DeepEqual(*amended, want[1][28]) {
		t.Fatalf("amendment reads back as %+v", amended)
	}
	var single, parts int
	must(db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM model_parts WHERE content LIKE 't%'`, &single))
	must(db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM model_parts`, &parts))
	if single != 0 || parts == 0 || parts >= before {
		t.Fatalf("%d parts of single topics left; %d parts, %d before", single, parts, before)
	}
	used, err := db.StorageUsed(ctx, 1)
	must(err)
	if recount, err := db.RecountStorage(ctx, 1); err != nil || recount != used || used == 12345 {
		t.Fatalf("storage counted %d, recounted %d (%v)", used, recount, err)
	}
}
