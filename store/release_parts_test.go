package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestReleaseIdleForgetsParts: ReleaseIdle empties the part cache (on
// both databases), and a version stored afterwards still shares the
// parts it did not change (found in the database) and reads back
// exactly.
func TestReleaseIdleForgetsParts(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	v1 := manyTopics(300, "a")
	id, owner := createTestModel(t, db, &v1)
	if ids, lasts := db.PartCacheLen(); ids == 0 || lasts == 0 {
		t.Fatalf("part cache before the release: %d ids, %d versions", ids, lasts)
	}
	db.ReleaseIdle()
	if ids, lasts := db.PartCacheLen(); ids != 0 || lasts != 0 {
		t.Fatalf("part cache after the release: %d ids, %d versions", ids, lasts)
	}
	parts := func() int {
		var n int
		if err := db.QueryRowForTest(ctx, fmt.Sprint(`SELECT COUNT(*) FROM model_parts WHERE model_id = `, id), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := parts()
	v2 := manyTopics(300, "a")
	v2.Groups[12].Topics[4].Terms = []string{"changed"}
	err := db.InTx(ctx, func(ctx context.Context) error {
		return db.CreateModelVersion(ctx, id, 2, time.Now(), owner, &v2)
	})
	if err != nil {
		t.Fatal(err)
	}
	if added := parts() - before; added != 1 {
		t.Fatalf("a one-term version after the release stored %d parts", added)
	}
	checkVersions(t, db, id, []explorer.Structure{v1, v2})
}
