package store_test

import (
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// The models list's counts are kept on the model's row by every version
// written (new and amended), and the title search goes through the text
// index (trigram substrings in any case; short text too), sorted by a
// count, with the total.
func TestListModelsCountsAndSearch(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
		t.Fatal(err)
	}
	structure := func(terms ...string) *explorer.Structure {
		return &explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "G", Topics: []explorer.Topic{{ID: 1, Title: "T", Terms: terms}, {ID: 2, Title: "U", Terms: []string{"x"}}}}},
			IgnoreTerms: []explorer.IgnoreTerm{}}
	}
	var ids []int64
	for i, title := range []string{"Drinks Survey", "FOOD survey", "Weather"} {
		m := &explorer.ModelRecord{Title: &title, Type: explorer.ModelStandard, Language: "EN", OwnerID: u.ID, Created: now, Version: 1,
			NextGroupID: 3, NextTopicID: 3, NextIgnoreTermID: 1}
		terms := []string{"a", "b", "c"}[:i+1]
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModel(ctx, m, structure(terms...)) }); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateModelVersion(ctx, ids[0], 2, now.Add(time.Minute), u.ID, structure("a", "b", "c", "d", "e")); err != nil {
			return err
		}
		return db.AmendModelVersion(ctx, ids[1], 1, 1, now.Add(2*time.Minute), structure())
	})
	if err != nil {
		t.Fatal(err)
	}
	list, total, err := db.ListModels(ctx, u.ID, explorer.ListQuery{Sort: "terms", Desc: true, Page: explorer.Page{Limit: 10}})
	if err != nil || total != 3 || len(list) != 3 {
		t.Fatalf("list: %v %d %d", err, total, len(list))
	}
	want := []explorer.ModelCounts{
		{StructureCounts: explorer.StructureCounts{Groups: 1, Topics: 2, Terms: 6}, Versions: 2, Changed: now.Add(time.Minute)},
		{StructureCounts: explorer.StructureCounts{Groups: 1, Topics: 2, Terms: 4}, Versions: 1, Changed: now},
		{StructureCounts: explorer.StructureCounts{Groups: 1, Topics: 2, Terms: 1}, Versions: 1, Changed: now.Add(2 * time.Minute)},
	}
	order := []int64{ids[0], ids[2], ids[1]}
	for i, m := range list {
		if m.ID != order[i] || m.Counts != want[i] {
			t.Errorf("row %d: model %d %+v, want model %d %+v", i, m.ID, m.Counts, order[i], want[i])
		}
	}
	for q, n := range map[string]int{"survey": 2, "SURV": 2, "ood s": 1, "fo": 1, "th": 1, "100%": 0, `"`: 0, "nothing": 0} {
		list, total, err := db.ListModels(ctx, u.ID, explorer.ListQuery{Q: q, Sort: "title", Page: explorer.Page{Limit: 10}})
		if err != nil || total != n || len(list) != n {
			t.Errorf("search %q: %v total %d, %d rows, want %d", q, err, total, len(list), n)
		}
	}
	title := "Renamed"
	if err := db.InTx(ctx, func(ctx context.Context) error {
		m, err := db.FindModel(ctx, ids[2], u.ID)
		if err != nil {
			return err
		}
		m.Title = &title
		return db.UpdateModel(ctx, m)
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteModel(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	for q, n := range map[string]int{"weather": 0, "rename": 1, "drinks": 0, "survey": 1} {
		if _, total, err := db.ListModels(ctx, u.ID, explorer.ListQuery{Q: q, Page: explorer.Page{Limit: 10}}); err != nil || total != n {
			t.Errorf("after rename and delete, search %q: %v total %d, want %d", q, err, total, n)
		}
	}
}
