package store_test

import (
	"context"
	"testing"

	"explorer/internal/testkit"
	"explorer/models"
	"explorer/poles"
)

// TestMigrationCountsStorage: migration 0017 computes, from data written
// before it, the counters the store keeps while writing.
func TestMigrationCountsStorage(t *testing.T) {
	e := testkit.New(t)
	ctx := context.Background()
	ids := map[string]int64{}
	for _, name := range []string{"ann", "bob", "cy"} {
		ids[name] = e.AddUser(name, "").ID
	}
	csv, _ := testkit.SurveyCSV(50)
	p := e.ImportProject("ann", "survey", csv)
	if _, err := e.Svc.CreateModelFromProject(e.As("ann"), p.ID, models.ModelUpdate{}); err != nil {
		t.Fatal(err)
	}
	e.Upload("bob", "m.csv", []byte("Index,Label,Terms\n1,a,\"b,c\"\n2,ü,d\n"), "").Expect(t, 201)
	w := 2.0
	if _, err := e.Svc.CreatePole(e.As("bob"), poles.PoleInput{Name: "pôle", Description: "d", Language: "EN",
		Parts: []poles.PartInput{{Term: "Ünïcode"}, {Term: "b", Weight: &w}}}); err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{}
	for name, id := range ids {
		n, err := e.DB.StorageUsed(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = n
	}
	if want["ann"] < 5000 || want["bob"] < 50 || want["cy"] != 0 {
		t.Fatalf("counters %v", want)
	}
	// Back to schema 15, then migrated again.
	for _, q := range []string{`DROP TABLE user_storage`, `ALTER TABLE user_budgets DROP COLUMN storage`, `DELETE FROM schema_migrations WHERE version = 17`} {
		if err := e.DB.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.DB.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for name, id := range ids {
		n, err := e.DB.StorageUsed(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if n != want[name] {
			t.Fatalf("%s: %d bytes after the migration, %d before", name, n, want[name])
		}
	}
}
