package store

import (
	"context"
	"fmt"
	"strings"

	explorer "explorer"
	"explorer/poles"
	"explorer/store/partcodec"
)

// OpenSQLiteAt and OpenPostgresAt open a database migrated up to number
// last only, as an older release left it.
var (
	OpenSQLiteAt   = openSQLite
	OpenPostgresAt = openPostgres
)

// SetTrigramExtension names the extension the PostgreSQL search indexes
// need (one the server does not have, to test their absence) until the
// returned function restores it.
func SetTrigramExtension(name string) (restore func()) {
	old := trigramExtension
	trigramExtension = name
	return func() { trigramExtension = old }
}

// Exec runs a statement written with ? placeholders, as a test writes
// rows of an older schema.
func (db *DB) Exec(ctx context.Context, query string, args ...any) error {
	_, err := db.exec(ctx, query, args...)
	return err
}

// Migrate runs the pending migrations.
func (db *DB) Migrate(ctx context.Context) error { return db.migrate(ctx, 1<<30) }

// QueryRowForTest reads one row of a query written with ? placeholders.
func (db *DB) QueryRowForTest(ctx context.Context, query string, dest ...any) error {
	return db.queryRow(ctx, "", query, nil, dest...)
}

// StoreVersionV1Tx is StoreVersionV1 in a transaction of its own.
func (db *DB) StoreVersionV1Tx(ctx context.Context, model int64, version int, s *explorer.Structure) error {
	return db.InTx(ctx, func(ctx context.Context) error { return db.StoreVersionV1(ctx, model, version, s) })
}

// StoreVersionV2Tx stores a version in a transaction of its own with a
// manifest that holds its groups, as the store wrote it before migration
// 0040 (its parts as the store writes them now), with no storage charged.
func (db *DB) StoreVersionV2Tx(ctx context.Context, model int64, version int, s *explorer.Structure) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		manifest, _, err := db.storeParts(ctx, model, s)
		if err != nil {
			return err
		}
		m, err := partcodec.DecodeManifest(manifest)
		if err != nil {
			return err
		}
		_, err = db.exec(ctx, `INSERT INTO model_versions (model_id, version, created_at, content, parts) VALUES (?, ?, ?, '', ?)`,
			model, version, int64(version), partcodec.AppendManifestV2(nil, s, m.Ignore, m.Refs))
		return err
	})
}

// PlannedQuery is a list's query with arguments, for TestListsUseIndexes.
type PlannedQuery struct {
	Name, SQL string
	Args      []any
	// Sorts tells that the query sorts a bounded set (rows each read
	// through an index no further than a limit), which its plan may show.
	Sorts bool
	// Index is the index the query must read in order ("" for any).
	Index string
}

// ListQueries are the queries of the pages and lists for userID (and
// modelID, for a model's versions), each for a page of 20 after 40.
func ListQueries(userID, modelID int64) []PlannedQuery {
	page := explorer.Page{Limit: 20, Offset: 40}
	models, margs := findModelsSQL(userID, page)
	window, wargs := page.SQL()
	polesSQL, pargs := findPolesSQL(poles.PoleFilter{OwnerIDs: []int64{userID}, Page: page})
	managed, targs := findPolesSQL(poles.PoleFilter{OwnerIDs: []int64{userID, userID + 1}, Page: page})
	out := []PlannedQuery{
		{Name: "recent models (start page)", SQL: recentModelsSQL, Args: []any{userID, 5, userID, 5}, Sorts: true},
		{Name: "a model's recent versions (start page)", SQL: modelRecentVersionsSQL, Args: []any{modelID, 5}},
		{Name: "models list", SQL: models, Args: margs, Sorts: true},
		{Name: "versions list", SQL: modelVersionsSQL + window, Args: append([]any{modelID}, wargs...)},
		{Name: "a model's newest versions (model page, editor)", SQL: modelVersionsDownSQL, Args: []any{modelID, 400, 10}},
		{Name: "poles list", SQL: polesSQL, Args: pargs, Sorts: true},
		{Name: "poles list of a manager", SQL: managed, Args: targs, Sorts: true},
		{Name: "projects list", SQL: findProjectsSQL(`p.owner_id = ?`) + window, Args: append([]any{userID}, wargs...)},
	}
	for kind, q := range ownedCount {
		out = append(out, PlannedQuery{Name: "count of " + kind + " (start page)", SQL: q, Args: []any{userID}})
	}
	return out
}

// Explain is the plan of a query written with ? placeholders, one line
// a step: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with
// sequential scans, hash and merge joins discouraged, as a large
// database's statistics would (a test's tables are small enough to read
// whole), so that a scan of a whole table remains only where no index
// serves.
func (db *DB) Explain(ctx context.Context, query string, args ...any) ([]string, error) {
	var out []string
	err := db.InTx(ctx, func(ctx context.Context) error {
		prefix := "EXPLAIN QUERY PLAN "
		if db.dialect.Name() == "postgres" {
			for _, off := range []string{"enable_seqscan", "enable_hashjoin", "enable_mergejoin"} {
				if _, err := db.exec(ctx, `SET LOCAL `+off+` = off`); err != nil {
					return err
				}
			}
			prefix = "EXPLAIN "
		}
		rows, err := db.reader(ctx).QueryContext(ctx, db.dialect.Rebind(prefix+query), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			cells := make([]any, len(cols))
			var line string
			for i := range cells {
				cells[i] = new(any)
			}
			cells[len(cells)-1] = &line
			if err := rows.Scan(cells...); err != nil {
				return err
			}
			out = append(out, line)
		}
		return rows.Err()
	})
	return out, err
}

// SearchQueries are the searched and sorted list queries for userID, on
// db's dialect: they sort the user's rows (bounded by the per-user
// budget) and find titles through the text index.
func (db *DB) SearchQueries(userID int64) []PlannedQuery {
	q := explorer.ListQuery{Q: "m12", Sort: "terms", Desc: true, Page: explorer.Page{Limit: 20, Offset: 40}}
	models, margs, _ := db.listModelsSQL(userID, q)
	q.Sort = "title"
	where, pargs, order, _ := db.listProjectsWhere(userID, q, false)
	window, wargs := q.Page.SQL()
	q.Sort = "name"
	from, poleArgs, poleOrder, _ := db.listPolesSQL([]int64{userID}, q)
	return []PlannedQuery{
		{Name: "poles list, searched and sorted", SQL: `SELECT p.id` + from + poleOrder + window, Args: append(poleArgs, wargs...), Sorts: true},
		{Name: "models list, searched and sorted", SQL: models, Args: margs, Sorts: true},
		{Name: "projects list, searched and sorted", SQL: projectSelect + ` WHERE ` + where + order + window, Args: append(pargs, wargs...), Sorts: true},
		{Name: "newest models list", SQL: func() string { s, _ := findModelsSQLDir(userID, q.Page, true); return s }(), Args: func() []any { _, a := findModelsSQLDir(userID, q.Page, true); return a }(), Sorts: true},
	}
}

// AuditQueries are the audit page's queries, one per sort key, newest
// (or Z) first and oldest (or A) first, a window past the first page.
func AuditQueries() []PlannedQuery {
	var out []PlannedQuery
	for _, key := range explorer.AuditSorts {
		for _, asc := range []bool{false, true} {
			q, args, _ := findAuditSQL(explorer.AuditFilter{Sort: key, Asc: asc, Page: explorer.Page{Limit: 25, Offset: 50}})
			index := "audit_events_" + strings.ReplaceAll(key, "created", "at")
			out = append(out, PlannedQuery{Name: fmt.Sprintf("audit log by %s (ascending %v)", key, asc), SQL: q, Args: args, Index: index})
		}
	}
	return out
}
