package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	explorer "explorer"
)

// A backup is restored only when its schema is exactly the one explorer's
// own migrations make: a trigger, view or index added to a copy would
// otherwise run inside the server once it is restored (a trigger that
// makes whoever signs in an administrator, say).

// schemaObject is one row of sqlite_master.
type schemaObject struct {
	typ, name, table, sql string
}

func (o schemaObject) key() string { return o.typ + " " + o.name }

// String names the object for a message: trigger promote (on sessions).
func (o schemaObject) String() string {
	if o.table != "" && o.table != o.name {
		return fmt.Sprintf("%s %q (on %s)", o.typ, o.name, o.table)
	}
	return fmt.Sprintf("%s %q", o.typ, o.name)
}

// statTables are the tables ANALYZE makes (statistics SQLite keeps for its
// planner); a copy may carry them when an operator ran ANALYZE or PRAGMA
// optimize. They are accepted only with exactly these definitions.
var statTables = map[string]string{
	"sqlite_stat1": "CREATE TABLE sqlite_stat1(tbl,idx,stat)",
	"sqlite_stat4": "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)",
}

// checkSchema checks that the SQLite database of conn records exactly the
// migrations of this binary up to its newest one, and that its schema
// (tables, indexes, triggers, views) is exactly the one those migrations
// make on an empty database; an error names the first objects that differ.
func checkSchema(ctx context.Context, conn *sql.DB) error {
	newest, err := checkRecorded(ctx, conn)
	if err != nil {
		return err
	}
	want, err := expectedSchema(ctx, newest)
	if err != nil {
		return err
	}
	got, err := readSchema(ctx, conn)
	if err != nil {
		return explorer.Errorf(explorer.EINVALID, "cannot read its schema: %v", err)
	}
	if diffs := diffSchema(want, got); len(diffs) > 0 {
		return explorer.Errorf(explorer.EINVALID, "its schema is not the one explorer's migrations make (up to migration %d): %s",
			newest, strings.Join(diffs, "; "))
	}
	return nil
}

// checkRecorded compares the migrations conn records with the ones this
// binary has up to the newest recorded, and returns that newest one.
func checkRecorded(ctx context.Context, conn *sql.DB) (int, error) {
	list, err := loadMigrations()
	if err != nil {
		return 0, explorer.Internal(err)
	}
	recorded, err := recordedVersions(ctx, conn)
	if err != nil {
		return 0, err
	}
	if len(recorded) == 0 {
		return 0, explorer.Errorf(explorer.EINVALID, "it records no migration")
	}
	newest := recorded[len(recorded)-1]
	have := make(map[int]bool, len(recorded))
	for _, v := range recorded {
		have[v] = true
	}
	for _, m := range list {
		if m.version <= newest && !have[m.version] {
			return 0, explorer.Errorf(explorer.EINVALID, "it does not record migration %s, which explorer runs before %d", m.name, newest)
		}
		delete(have, m.version)
	}
	for _, v := range recorded {
		if have[v] {
			return 0, explorer.Errorf(explorer.EINVALID, "it records migration %d, which this explorer does not have", v)
		}
	}
	return newest, nil
}

// recordedVersions lists the versions of schema_migrations in order.
func recordedVersions(ctx context.Context, conn *sql.DB) ([]int, error) {
	rows, err := conn.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, explorer.Errorf(explorer.EINVALID, "cannot read schema_migrations: %v", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, explorer.Errorf(explorer.EINVALID, "cannot read schema_migrations: %v", err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, explorer.Errorf(explorer.EINVALID, "cannot read schema_migrations: %v", err)
	}
	return out, nil
}

// expectedSchema runs the migrations up to number last on an empty
// in-memory database and reads its schema.
func expectedSchema(ctx context.Context, last int) (map[string]schemaObject, error) {
	// One connection: every connection to :memory: is a database of its own.
	conn, err := sql.Open("sqlite", "file::memory:?_pragma=foreign_keys(ON)")
	if err != nil {
		return nil, explorer.Internal(err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	conn.SetMaxIdleConns(1)
	conn.SetConnMaxLifetime(0)
	db := &DB{write: conn, read: conn, dialect: sqliteDialect{}}
	if err := db.migrate(ctx, last); err != nil {
		return nil, err
	}
	out, err := readSchema(ctx, conn)
	if err != nil {
		return nil, explorer.Internal(err)
	}
	return out, nil
}

// readSchema reads the objects of sqlite_master by type and name.
func readSchema(ctx context.Context, conn *sql.DB) (map[string]schemaObject, error) {
	rows, err := conn.QueryContext(ctx, `SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]schemaObject{}
	for rows.Next() {
		var o schemaObject
		if err := rows.Scan(&o.typ, &o.name, &o.table, &o.sql); err != nil {
			return nil, err
		}
		o.sql = normalizeSQL(o.sql)
		out[o.key()] = o
	}
	return out, rows.Err()
}

// maxSchemaDiffs is how many differences a refusal names.
const maxSchemaDiffs = 5

// diffSchema describes the objects of got that want lacks, the ones got
// lacks and the ones that differ, in the order of their keys.
func diffSchema(want, got map[string]schemaObject) []string {
	keys := make([]string, 0, len(want)+len(got))
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		w, inWant := want[k]
		g, inGot := got[k]
		switch {
		case !inWant && isStatTable(g):
		case !inWant:
			out = append(out, fmt.Sprintf("%s is not made by them", g))
		case !inGot:
			out = append(out, fmt.Sprintf("%s is missing", w))
		case w != g:
			out = append(out, fmt.Sprintf("%s differs", g))
		}
	}
	if len(out) > maxSchemaDiffs {
		out = append(out[:maxSchemaDiffs], fmt.Sprintf("and %d more", len(out)-maxSchemaDiffs))
	}
	return out
}

// isStatTable reports whether o is a table of ANALYZE as SQLite makes it.
func isStatTable(o schemaObject) bool {
	def, ok := statTables[o.name]
	return ok && o.typ == "table" && o.table == o.name && o.sql == normalizeSQL(def)
}

// normalizeSQL collapses every run of white space outside quotes into one
// space, so that a migration checked out with other line endings still
// compares equal, while a quoted literal compares as it is.
func normalizeSQL(s string) string {
	var b strings.Builder
	var quote byte
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			space = true
			continue
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '[':
			quote = ']'
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	return b.String()
}
