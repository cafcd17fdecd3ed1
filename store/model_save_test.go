package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/store"
)

// countModelUpdates makes the database count the updates of models' rows
// (a trigger); the returned function reads the count.
func countModelUpdates(t *testing.T, db *store.DB) func() int {
	t.Helper()
	ctx := context.Background()
	stmts := []string{`CREATE TABLE model_updates_seen (n BIGINT NOT NULL)`, `INSERT INTO model_updates_seen (n) VALUES (0)`}
	if db.Dialect().Name() == "sqlite" {
		stmts = append(stmts, `CREATE TRIGGER model_updated AFTER UPDATE ON models BEGIN UPDATE model_updates_seen SET n = n + 1; END`)
	} else {
		stmts = append(stmts, `CREATE FUNCTION model_updated() RETURNS trigger AS $f$ BEGIN UPDATE model_updates_seen SET n = n + 1; RETURN NEW; END $f$ LANGUAGE plpgsql`,
			`CREATE TRIGGER model_updated AFTER UPDATE ON models FOR EACH ROW EXECUTE FUNCTION model_updated()`)
	}
	for _, q := range stmts {
		if err := db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return func() int {
		var n int
		if err := db.QueryRowForTest(ctx, `SELECT n FROM model_updates_seen`, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
}

// modelOf is the record of the model createTestModel made.
func modelOf(t *testing.T, db *store.DB, id, uid int64) *models.ModelRecord {
	t.Helper()
	m, err := db.FindModel(context.Background(), id, uid)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkCharge fails unless the storage charged to user uid equals a
// recount.
func checkCharge(t *testing.T, db *store.DB, uid int64) {
	t.Helper()
	ctx := context.Background()
	used, err := db.StorageUsed(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := db.RecountStorage(ctx, uid); err != nil || used != want {
		t.Fatalf("charged %d, recount %d (%v)", used, want, err)
	}
}

// TestSaveModelVersionUpdatesTheModelOnce: a new version saves the model
// record (title, outdated flag, version, revision, id counters) in the
// update that keeps the model's newest version time and counts and
// charges its owner: the model's row is updated once (it was twice, with
// UpdateModel after CreateModelVersion), what is saved reads back, and the
// charge equals a recount.
func TestSaveModelVersionUpdatesTheModelOnce(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	v1 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a", "b"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	id, uid := createTestModel(t, db, v1)
	m := modelOf(t, db, id, uid)
	updates := countModelUpdates(t, db)
	v2 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{
		{ID: 1, Title: "t", Terms: []string{"a", "b", "c"}}, {ID: 2, Title: "u", Terms: []string{"d"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	title := "renamed"
	m.Title, m.Outdated, m.Version, m.NextGroupID, m.NextTopicID, m.NextIgnoreTermID = &title, true, 2, 2, 3, 5
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.SaveModelVersion(ctx, m, now.Add(time.Minute), uid, v2) }); err != nil {
		t.Fatal(err)
	}
	if n := updates(); n != 1 {
		t.Fatalf("a new version updated the model's row %d times, want 1", n)
	}
	got := modelOf(t, db, id, uid)
	if got.Title == nil || *got.Title != title || !got.Outdated || got.Version != 2 || got.NextTopicID != 3 || got.NextIgnoreTermID != 5 || got.NextGroupID != 2 {
		t.Fatalf("saved %+v", got)
	}
	if got.Counts.Topics != 2 || got.Counts.Terms != 4 || got.Counts.Versions != 2 {
		t.Fatalf("counts %+v", got.Counts)
	}
	s, err := db.FindModelVersion(ctx, id, 2)
	if err != nil || len(s.Groups[0].Topics) != 2 {
		t.Fatalf("version 2: %+v, %v", s, err)
	}
	checkCharge(t, db, uid)
}

// TestAmendModelVersionUpdatesTheModelOnce: the editor's amendment of the
// newest version saves the model record (its revision, id counters) in
// the update that keeps the model's time and counts: one update of the
// model's row (it was two, with UpdateModel after it); the amended
// structure and the kept revision read back, and the charge equals a
// recount.
func TestAmendModelVersionUpdatesTheModelOnce(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	v1 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	id, uid := createTestModel(t, db, v1)
	m := modelOf(t, db, id, uid)
	updates := countModelUpdates(t, db)
	v1b := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{
		{ID: 1, Title: "t", Terms: []string{"a", "b"}}, {ID: 2, Title: "u", Terms: []string{"c"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	m.Revision, m.NextTopicID = 1, 3
	if err := db.InTx(ctx, func(ctx context.Context) error {
		_, err := db.AmendModelVersion(ctx, m, now.Add(time.Minute), v1b, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if n := updates(); n != 1 {
		t.Fatalf("an amendment updated the model's row %d times, want 1", n)
	}
	got := modelOf(t, db, id, uid)
	if got.Revision != 1 || got.NextTopicID != 3 || got.Version != 1 || got.Counts.Topics != 2 || got.Counts.Terms != 3 || got.Counts.Versions != 1 {
		t.Fatalf("saved %+v, counts %+v", got, got.Counts)
	}
	if s, err := db.FindModelVersion(ctx, id, 1); err != nil || len(s.Groups[0].Topics) != 2 {
		t.Fatalf("amended version: %+v, %v", s, err)
	}
	if s, err := db.FindModelAmendment(ctx, id, 1, 0); err != nil || len(s.Groups[0].Topics) != 1 {
		t.Fatalf("kept revision 0: %+v, %v", s, err)
	}
	checkCharge(t, db, uid)
}

// TestAmendModelVersionOnlyWhenAmendable: with a condition, the amendment
// happens only for the newest version the editor made, by that user,
// changed after Since; otherwise nothing is written (no amendment kept, the
// version and the model unchanged) and the caller adds a version instead.
// The editor's version is marked in its own insert (SaveEditorVersion).
func TestAmendModelVersionOnlyWhenAmendable(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	v1 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	id, uid := createTestModel(t, db, v1)
	v2 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a", "b"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	v2b := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a", "b", "c"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	amend := func(when *models.Amendable) bool {
		t.Helper()
		m := modelOf(t, db, id, uid)
		m.Revision++
		var ok bool
		err := db.InTx(ctx, func(ctx context.Context) error {
			var err error
			ok, err = db.AmendModelVersion(ctx, m, now.Add(2*time.Minute), v2b, when)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	// Version 1 was not made by the editor.
	if amend(&models.Amendable{By: uid, Since: now.Add(-time.Hour)}) {
		t.Fatal("amended a version the editor did not make")
	}
	m := modelOf(t, db, id, uid)
	m.Version = 2
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.SaveEditorVersion(ctx, m, now, uid, v2) }); err != nil {
		t.Fatal(err)
	}
	for _, when := range []models.Amendable{{By: uid + 1, Since: now.Add(-time.Minute)}, {By: uid, Since: now}} {
		if amend(&when) {
			t.Fatalf("amended with %+v", when)
		}
	}
	if _, err := db.FindModelAmendment(ctx, id, 2, 0); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a refused amendment kept revision 0: %v", err)
	}
	if got := modelOf(t, db, id, uid); got.Revision != 0 || got.Counts.Terms != 2 {
		t.Fatalf("a refused amendment changed the model: %+v", got)
	}
	if !amend(&models.Amendable{By: uid, Since: now.Add(-time.Millisecond)}) {
		t.Fatal("the editor's own recent version was not amended")
	}
	if s, err := db.FindModelAmendment(ctx, id, 2, 0); err != nil || len(s.Groups[0].Topics[0].Terms) != 2 {
		t.Fatalf("revision 0 kept: %+v, %v", s, err)
	}
	if got := modelOf(t, db, id, uid); got.Revision != 1 || got.Counts.Terms != 3 {
		t.Fatalf("amended model %+v", got)
	}
	checkCharge(t, db, uid)
	// Refused, then a new version of the same structure in the same
	// transaction (as the editor does): its parts stored once, charged once.
	v3 := &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{{ID: 1, Title: "t", Terms: []string{"a", "b", "c", "d"}}}}}, IgnoreTerms: []explorer.IgnoreTerm{}}
	err := db.InTx(ctx, func(ctx context.Context) error {
		m := modelOf(t, db, id, uid)
		m.Revision++
		if ok, err := db.AmendModelVersion(ctx, m, now.Add(3*time.Minute), v3, &models.Amendable{By: uid + 1, Since: now}); err != nil || ok {
			return fmt.Errorf("amended another's version: %v", err)
		}
		m.Version, m.Revision = 3, 0
		return db.SaveEditorVersion(ctx, m, now.Add(3*time.Minute), uid, v3)
	})
	if err != nil {
		t.Fatal(err)
	}
	if s, err := db.FindModelVersion(ctx, id, 3); err != nil || len(s.Groups[0].Topics[0].Terms) != 4 {
		t.Fatalf("version 3: %+v, %v", s, err)
	}
	checkCharge(t, db, uid)
}
