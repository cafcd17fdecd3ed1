package store_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	explorer "explorer"
)

// TestVersionsBeforeSharedGroupsStillRead writes versions and an
// amendment whose manifests hold their groups (as the store wrote them
// before migration 0040) into a database at schema 36, migrates it, and
// reads every version back exactly; restoring an old version stores it
// with a manifest of part ids, which reads back too and is far smaller.
func TestVersionsBeforeSharedGroupsStillRead(t *testing.T) {
	db := openAtSchema(t, 36)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(ctx, `INSERT INTO users (id, username, password_hash, role, status, created_at, password_changed_at) VALUES (1, 'ann', 'h', 'USER', 'ACTIVE', 0, 0)`))
	must(db.Exec(ctx, `INSERT INTO models (id, type, language, owner_id, created_at, version, next_group_id, next_topic_id, next_ignore_term_id)
		VALUES (1, 'STANDARD', 'EN', 1, 0, 20, 1, 1, 1)`))
	ed := &versionEditor{r: rand.New(rand.NewPCG(7, 8))}
	cur := explorer.Structure{}
	for i := 0; i < 120; i++ {
		if i%10 == 0 {
			cur.Groups = append(cur.Groups, explorer.Group{ID: int64(i + 1), Title: "a group of topics"})
		}
		g := &cur.Groups[len(cur.Groups)-1]
		g.Topics = append(g.Topics, ed.topic())
	}
	var want []explorer.Structure
	for v := 1; v <= 20; v++ {
		cur = ed.edit(cur)
		must(db.StoreVersionV2Tx(ctx, 1, v, &cur))
		want = append(want, cur)
	}
	must(db.Exec(ctx, `INSERT INTO model_amendments (model_id, version, revision, created_at, parts)
		SELECT model_id, 20, 0, created_at, parts FROM model_versions WHERE model_id = 1 AND version = 19`))
	must(db.Migrate(ctx))
	checkVersions(t, db, 1, want)
	amended, err := db.FindModelAmendment(ctx, 1, 20, 0)
	must(err)
	if !reflect.DeepEqual(*amended, want[18]) {
		t.Fatalf("amendment reads back as %+v", amended)
	}
	// Restoring version 3 stores its structure as version 21.
	old, err := db.FindModelVersion(ctx, 1, 3)
	must(err)
	must(db.InTx(ctx, func(ctx context.Context) error {
		return db.CreateModelVersion(ctx, 1, 21, time.UnixMilli(21), 1, old)
	}))
	checkVersions(t, db, 1, append(want, want[2]))
	var before, after int
	must(db.QueryRowForTest(ctx, `SELECT LENGTH(parts) FROM model_versions WHERE model_id = 1 AND version = 3`, &before))
	must(db.QueryRowForTest(ctx, `SELECT LENGTH(parts) FROM model_versions WHERE model_id = 1 AND version = 21`, &after))
	if after*3 > before {
		t.Fatalf("the restored version's manifest is %d bytes, the old one's %d", after, before)
	}
}
