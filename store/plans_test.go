package store_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"explorer/internal/testkit"
	"explorer/store"
)

// fullScan finds, in a plan's step, a read of a whole stored table (or of
// a whole index) and a sort of rows read without bound: SQLite's "SCAN
// <table>" (a subquery's result, named o or s here, is not a table) and
// "USE TEMP B-TREE FOR ORDER BY"; PostgreSQL's "Seq Scan", a "Sort" (an
// "Incremental Sort" orders rows within groups read in order, such as a
// pole's parts) and an index scan without a condition (wholeIndex).
var (
	fullScan = regexp.MustCompile(`^SCAN (models|model_versions|model_accesses|poles|pole_parts|projects|users|api_tokens|[muvapu]{1,2})\b|Seq Scan`)
	sorting  = regexp.MustCompile(`TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)|(^|->\s*)Sort\s+\(`)
	pgIndex  = regexp.MustCompile(`(^|->\s*)(Index|Index Only) Scan( Backward)? using \S+ on (\S+)`)
)

// wholeIndex tells whether step i of a PostgreSQL plan reads an index
// from end to end: an index scan without an Index Cond among its details.
func wholeIndex(plan []string, i int) bool {
	if !pgIndex.MatchString(strings.TrimSpace(plan[i])) {
		return false
	}
	for _, d := range plan[i+1:] {
		d = strings.TrimSpace(d)
		if strings.HasPrefix(d, "->") {
			break
		}
		if strings.HasPrefix(d, "Index Cond:") {
			return false
		}
	}
	return true
}

// seeded is the database seedLists filled, made by the first test that
// plans queries and read by every such test of the process (they only
// plan, so none sees another's writes); TestMain removes it.
var seeded struct {
	once sync.Once
	db   *store.DB
	drop func()
	err  error
}

// seededLists returns the seeded database, filling it at the first call.
func seededLists(t *testing.T) *store.DB {
	t.Helper()
	seeded.once.Do(func() {
		var u string
		if u, seeded.drop, seeded.err = testkit.NewDatabase(); seeded.err != nil {
			return
		}
		if seeded.db, seeded.err = store.Open(context.Background(), u); seeded.err != nil {
			return
		}
		seeded.err = seedLists(seeded.db)
	})
	if seeded.err != nil {
		t.Fatalf("seeding the lists: %v", seeded.err)
	}
	return seeded.db
}

// closeSeeded closes and removes the seeded database, if a test made it.
func closeSeeded() {
	if seeded.db != nil {
		seeded.db.Close()
	}
	if seeded.drop != nil {
		seeded.drop()
	}
}

// seedLists fills the tables the lists read with 200 users' worth of
// rows (150 models of 2 versions, the first model 5,000 more, 100 poles
// and 100 projects each, every user sharing 2 models with the next), then
// refreshes the planner's statistics, so that the plans are those of a
// used database.
func seedLists(db *store.DB) error {
	ctx := context.Background()
	const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) `
	for _, q := range []string{
		`INSERT INTO users (username, password_hash, role, status, created_at, password_changed_at, name_key) ` + fmt.Sprintf(series, 200) +
			`SELECT 'seed' || i, 'x', 'user', 'active', 0, 0, 'seed' || i FROM n`,
		`INSERT INTO models (title, type, language, owner_id, created_at, version, latest_at, next_group_id, next_topic_id, next_ignore_term_id) ` +
			fmt.Sprintf(series, 30000) + `SELECT 'm' || i, 'STANDARD', 'EN', (SELECT MIN(id) FROM users) + i % 200, i, 2, i * 2, 1, 1, 1 FROM n`,
		`INSERT INTO model_versions (model_id, version, created_at, content) ` + fmt.Sprintf(series, 60000) +
			`SELECT (SELECT MIN(id) FROM models) + (i - 1) / 2, 1 + (i - 1) % 2, i, '' FROM n`,
		`INSERT INTO model_versions (model_id, version, created_at, content) ` + fmt.Sprintf(series, 5000) +
			`SELECT (SELECT MIN(id) FROM models), 2 + i, 60000 + i, '' FROM n`,
		`INSERT INTO model_accesses (model_id, user_id, rights, created_at) ` + fmt.Sprintf(series, 400) +
			`SELECT m.id, (SELECT MIN(id) FROM users) + (m.owner_id + 1) % 200, 'READ', 0 FROM n JOIN models m ON m.id = (SELECT MIN(id) FROM models) + i * 75 - 1`,
		`INSERT INTO poles (owner_id, name, description, language, created_at, updated_at) ` + fmt.Sprintf(series, 20000) +
			`SELECT (SELECT MIN(id) FROM users) + i % 200, 'p' || i, '', 'EN', i, i FROM n`,
		`INSERT INTO audit_events (at, last_at, count, actor, action, target, outcome, client_addr, request_id, detail) ` + fmt.Sprintf(series, 20000) +
			`SELECT i, i, 1, 'seed' || (i % 200), 'user.create', 'seed' || (i % 150), 'success', '', '', '' FROM n`,
		`INSERT INTO projects (owner_id, title, created_at, verbatims, encoding, status, status_message, language, structure) ` + fmt.Sprintf(series, 20000) +
			`SELECT (SELECT MIN(id) FROM users) + i % 200, 'p' || i, i, 0, 'UTF-8', 'READY', '', 'EN', '' FROM n`,
	} {
		if err := db.Exec(ctx, q); err != nil {
			return fmt.Errorf("%.60s…: %w", q, err)
		}
	}
	analyze := `ANALYZE`
	if db.Dialect().Name() == "postgres" {
		analyze = `VACUUM ANALYZE` // also the visibility map, for index-only scans
	}
	return db.Exec(ctx, analyze)
}

// TestListsUseIndexes: the start page and the lists read their rows
// through indexes, in their order, without reading or sorting every row
// of a table: their cost follows what they show, not what is stored
// (issue 34). A list that may sort says so, and sorts only rows read
// through an index up to a limit.
func TestListsUseIndexes(t *testing.T) {
	db := seededLists(t)
	ctx := context.Background()
	var user, model int64
	if err := db.QueryRowForTest(ctx, `SELECT MIN(id) FROM users WHERE username = 'seed1'`, &user); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowForTest(ctx, `SELECT MIN(id) FROM models`, &model); err != nil {
		t.Fatal(err)
	}
	for _, q := range append(store.ListQueries(user, model), db.SearchQueries(user)...) {
		plan, err := db.Explain(ctx, q.SQL, q.Args...)
		if err != nil {
			t.Fatalf("%s: %v", q.Name, err)
		}
		for i, step := range plan {
			if fullScan.MatchString(strings.TrimSpace(step)) || (!q.Sorts && sorting.MatchString(step)) || wholeIndex(plan, i) {
				t.Errorf("%s reads or sorts a whole table: %q\nplan:\n%s", q.Name, step, strings.Join(plan, "\n"))
			}
		}
	}
}

// TestAuditLogSortsByIndexes: each order of the audit page (time, actor,
// action, target, either way) reads its index in order, up to the
// window's end: no sort, and no read of the table other than through the
// key's index (an unfiltered log has no condition, so the index is read
// from its start; the LIMIT ends it).
func TestAuditLogSortsByIndexes(t *testing.T) {
	db := seededLists(t)
	ctx := context.Background()
	for _, q := range store.AuditQueries() {
		plan, err := db.Explain(ctx, q.SQL, q.Args...)
		if err != nil {
			t.Fatalf("%s: %v", q.Name, err)
		}
		text := strings.Join(plan, "\n")
		if sorting.MatchString(text) || strings.Contains(text, "TEMP B-TREE") || !strings.Contains(text, q.Index) || strings.Contains(text, "Seq Scan") || regexp.MustCompile(`(?m)SCAN audit_events$`).MatchString(text) {
			t.Errorf("%s does not read %s in order:\n%s", q.Name, q.Index, text)
		}
	}
}
