package store_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/poles"
	"explorer/store"
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
	var recs []*models.ModelRecord
	for i, title := range []string{"Drinks Survey", "FOOD survey", "Weather"} {
		m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: u.ID, Created: now, Version: 1,
			NextGroupID: 3, NextTopicID: 3, NextIgnoreTermID: 1}
		terms := []string{"a", "b", "c"}[:i+1]
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModel(ctx, m, structure(terms...)) }); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
		recs = append(recs, m)
	}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateModelVersion(ctx, ids[0], 2, now.Add(time.Minute), u.ID, structure("a", "b", "c", "d", "e")); err != nil {
			return err
		}
		m := *recs[1]
		m.Revision = 1
		_, err := db.AmendModelVersion(ctx, &m, now.Add(2*time.Minute), structure(), nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	list, total, err := db.ListModels(ctx, u.ID, explorer.ListQuery{Sort: "terms", Desc: true, Page: explorer.Page{Limit: 10}})
	if err != nil || total != 3 || len(list) != 3 {
		t.Fatalf("list: %v %d %d", err, total, len(list))
	}
	want := []models.ModelCounts{
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

// On a PostgreSQL server without the trigram extension (here one it does
// not have), migration 0039 still succeeds without the text indexes, the
// search reads the rows without them and matches as with them, and the
// database tells so once (SearchNotice); reopened when the extension can
// be had, the indexes are made and the notice is gone.
func TestListSearchWithoutTrigramExtension(t *testing.T) {
	dsn := os.Getenv("EXPLORER_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("PostgreSQL only: EXPLORER_TEST_POSTGRES is not set")
	}
	ctx := context.Background()
	url := testkit.FreshPostgres(t, dsn)
	restore := store.SetTrigramExtension("pg_trgm_not_installed")
	db, err := store.OpenPostgres(ctx, url)
	restore()
	if err != nil {
		t.Fatalf("open without the extension: %v", err)
	}
	indexes := func(db *store.DB) int {
		t.Helper()
		var n int
		if err := db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM pg_indexes WHERE indexname LIKE '%\_search'`, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := indexes(db); n != 0 {
		t.Fatalf("%d search indexes without the extension", n)
	}
	if notice := db.SearchNotice(); !strings.Contains(notice, "without a text index") || !strings.Contains(notice, "pg_trgm_not_installed") {
		t.Fatalf("notice: %q", notice)
	}
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
		t.Fatal(err)
	}
	for _, title := range []string{"Drinks Survey", "FOOD survey", "Weather"} {
		m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: u.ID, Created: now, Version: 1,
			NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModel(ctx, m, &explorer.Structure{}) }); err != nil {
			t.Fatal(err)
		}
	}
	for q, n := range map[string]int{"survey": 2, "SURV": 2, "ood s": 1, "fo": 1, "100%": 0} {
		if _, total, err := db.ListModels(ctx, u.ID, explorer.ListQuery{Q: q, Page: explorer.Page{Limit: 10}}); err != nil || total != n {
			t.Errorf("search %q without the index: %v total %d, want %d", q, err, total, n)
		}
	}
	db.Close()
	db, err = store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := indexes(db); n != 3 || db.SearchNotice() != "" {
		t.Fatalf("reopened with the extension: %d indexes, notice %q", n, db.SearchNotice())
	}
}

// The poles list of several owners is searched by name through the text
// index, sorted by a column or by the number of terms, newest first by
// default, and counted; each pole comes with its parts in order.
func TestListPoles(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	var owners []int64
	for _, name := range []string{"ann", "bob", "cat"} {
		u := &explorer.User{Username: name, PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
			t.Fatal(err)
		}
		owners = append(owners, u.ID)
	}
	list := []struct {
		owner int
		name  string
		terms []string
	}{{0, "Warm", []string{"sun", "heat"}}, {1, "Warmth", []string{"fire"}}, {0, "Cold", []string{"ice", "snow", "frost"}}, {2, "Warm elsewhere", nil}}
	for _, p := range list {
		pole := &poles.Pole{OwnerID: owners[p.owner], Name: p.name, Language: "EN", Created: now, Updated: now, Parts: []poles.PolePart{}}
		for _, term := range p.terms {
			pole.Parts = append(pole.Parts, poles.PolePart{Term: term, Weight: 1})
		}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreatePole(ctx, pole) }); err != nil {
			t.Fatal(err)
		}
	}
	names := func(q explorer.ListQuery) string {
		t.Helper()
		q.Page = explorer.Page{Limit: 2, Offset: q.Page.Offset}
		list, total, err := db.ListPoles(ctx, owners[:2], q)
		if err != nil {
			t.Fatal(err)
		}
		list = list[:min(len(list), 2)] // the store reads one more, to tell that more follow
		var out []string
		for _, p := range list {
			terms := []string{}
			for _, part := range p.Parts {
				terms = append(terms, part.Term)
			}
			out = append(out, p.Name+"("+strings.Join(terms, " ")+")")
		}
		return strings.Join(out, ",") + " of " + strconv.Itoa(total)
	}
	for _, c := range []struct {
		q    explorer.ListQuery
		want string
	}{
		{explorer.ListQuery{Desc: true}, "Cold(ice snow frost),Warmth(fire) of 3"},
		{explorer.ListQuery{Desc: true, Page: explorer.Page{Offset: 2}}, "Warm(sun heat) of 3"},
		{explorer.ListQuery{Sort: "terms", Desc: true}, "Cold(ice snow frost),Warm(sun heat) of 3"},
		{explorer.ListQuery{Sort: "name", Q: "ARM"}, "Warm(sun heat),Warmth(fire) of 2"},
		{explorer.ListQuery{Sort: "name", Desc: true, Q: "warmt"}, "Warmth(fire) of 1"},
		{explorer.ListQuery{Q: "co"}, "Cold(ice snow frost) of 1"},
		{explorer.ListQuery{Q: "nothing"}, " of 0"},
	} {
		if got := names(c.q); got != c.want {
			t.Errorf("%+v: %s, want %s", c.q, got, c.want)
		}
	}
	if _, _, err := db.ListPoles(ctx, owners, explorer.ListQuery{Sort: "secret"}); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("unknown sort: %v", err)
	}
}
