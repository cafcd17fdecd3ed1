package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	explorer "explorer"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migration is one numbered file of migrations/: NNNN_name.sql. Shipped
// migrations are never edited; a change is a new file.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and _", base)
		}
		b, err := migrations.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("migrations %s and %s share a number", out[i-1].name, out[i].name)
		}
	}
	return out, nil
}

// migrate runs the migrations up to number last not yet recorded in
// schema_migrations, each in its own transaction. It refuses a database
// that records a migration newer than this binary knows.
func (db *DB) migrate(ctx context.Context, last int) error {
	list, err := loadMigrations()
	if err != nil {
		return explorer.Internal(err)
	}
	err = db.InTx(ctx, func(ctx context.Context) error { return db.prepareMigrations(ctx, list) })
	if err != nil {
		return err
	}
	for _, m := range list {
		if m.version > last {
			break
		}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.applyMigration(ctx, m) }); err != nil {
			return err
		}
	}
	return nil
}

// prepareMigrations creates schema_migrations when absent and refuses a
// database migrated by a newer binary, before anything else touches it.
func (db *DB) prepareMigrations(ctx context.Context, list []migration) error {
	if err := db.lockMigrations(ctx); err != nil {
		return err
	}
	if _, err := db.writer(ctx).ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return explorer.Internal(fmt.Errorf("creating schema_migrations: %w", err))
	}
	var newest int
	if err := db.queryRow(ctx, "", `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`, nil, &newest); err != nil {
		return err
	}
	if known := list[len(list)-1].version; newest > known {
		return explorer.Errorf(explorer.EINVALID, "the database is at migration %d, this binary knows up to %d: use a newer explorer", newest, known)
	}
	db.afterCommit(ctx, func() { db.schema.version = newest })
	return nil
}

// applyMigration runs m unless schema_migrations records it; the caller
// holds the transaction.
func (db *DB) applyMigration(ctx context.Context, m migration) error {
	if err := db.lockMigrations(ctx); err != nil {
		return err
	}
	var n int
	if err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, []any{m.version}, &n); err != nil {
		return err
	}
	if n > 0 {
		// Recorded before, or by an instance migrating at the same time.
		db.afterCommit(ctx, func() { db.schema.version = max(db.schema.version, m.version) })
		return nil
	}
	clock := explorer.SystemClock{}
	start := clock.Now()
	if step := goSteps[m.version]; step != nil {
		if err := step(ctx, db); err != nil {
			return explorer.Internal(fmt.Errorf("migration %s: %w", m.name, err))
		}
	}
	for _, stmt := range splitStatements(db.dialect.Migration(m.sql)) {
		if _, err := db.writer(ctx).ExecContext(ctx, stmt); err != nil {
			return explorer.Internal(fmt.Errorf("migration %s: %w", m.name, err))
		}
	}
	if _, err := db.exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, m.version, m.name, ms(clock.Now())); err != nil {
		return err
	}
	done := AppliedMigration{Version: m.version, Name: m.name, Took: clock.Now().Sub(start)}
	db.afterCommit(ctx, func() {
		db.schema.applied = append(db.schema.applied, done)
		db.schema.version = max(db.schema.version, m.version)
	})
	return nil
}

// AppliedMigration is a migration this DB ran when it was opened.
type AppliedMigration struct {
	Version int
	Name    string
	Took    time.Duration
}

// schemaState is what the migrations of Open found and did.
type schemaState struct {
	applied []AppliedMigration
	version int
	// notice is SearchNotice's (migrate_lists.go).
	notice string
}

// Migrations returns the migrations run when the database was opened (in
// order; none when it was current) and the migration it is at now.
func (db *DB) Migrations() (applied []AppliedMigration, version int) {
	return db.schema.applied, db.schema.version
}

// splitStatements splits a migration on semicolons that end a line.
func splitStatements(sql string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(sql, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(trimmed, ";") {
			if s := strings.TrimSpace(cur.String()); s != ";" {
				out = append(out, s)
			}
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// lockMigrations serialises the migrations of instances starting at once
// (PostgreSQL; SQLite's write transaction already does).
func (db *DB) lockMigrations(ctx context.Context) error {
	if db.dialect.Name() != "postgres" {
		return nil
	}
	_, err := db.exec(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock)
	return err
}
