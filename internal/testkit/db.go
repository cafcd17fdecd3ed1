package testkit

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"explorer/store"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib"
)

// OpenDB opens an empty, migrated database for one test (DatabaseURL),
// closed when the test ends.
func OpenDB(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), DatabaseURL(t))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// DatabaseURL returns the URL of an empty, migrated database of one test,
// removed when the test ends: a SQLite file in a temporary directory,
// copied from a file migrated once per test process, or, when
// EXPLORER_TEST_POSTGRES holds a connection URL, a PostgreSQL database
// made from a template migrated once per server and set of migrations.
// A test of the migrations themselves opens an empty database instead
// (FreshPostgres, or a new SQLite file).
func DatabaseURL(t testing.TB) string {
	t.Helper()
	u, drop, err := NewDatabase()
	if err != nil {
		t.Fatalf("a migrated test database: %v", err)
	}
	t.Cleanup(drop)
	return u
}

// NewDatabase is DatabaseURL for a database that outlives one test (one
// seeded once and read by several tests of a process): its URL and what
// removes it, which the caller runs (a TestMain after m.Run).
func NewDatabase() (string, func(), error) {
	if dsn := os.Getenv("EXPLORER_TEST_POSTGRES"); dsn != "" {
		tmpl, err := postgresTemplate(dsn)
		if err != nil {
			return "", nil, fmt.Errorf("migrating the template database: %w", err)
		}
		return newPostgres(dsn, tmpl)
	}
	files, err := sqliteTemplate()
	if err != nil {
		return "", nil, fmt.Errorf("migrating the template database: %w", err)
	}
	dir, err := os.MkdirTemp("", "explorer-test-")
	if err != nil {
		return "", nil, err
	}
	drop := func() { os.RemoveAll(dir) }
	path := filepath.Join(dir, "explorer.db")
	for suffix, data := range files {
		if err := os.WriteFile(path+suffix, data, 0o600); err != nil {
			drop()
			return "", nil, err
		}
	}
	return path, drop, nil
}

// sqliteTemplate migrates an empty SQLite file once per process and
// returns its files by suffix ("" and, when SQLite left one, "-wal"); the
// file itself is removed at once.
var sqliteTemplate = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "explorer-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "explorer.db")
	db, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, suffix := range []string{"", "-wal"} {
		data, err := os.ReadFile(path + suffix)
		if errors.Is(err, os.ErrNotExist) && suffix != "" {
			continue
		}
		if err != nil {
			return nil, err
		}
		files[suffix] = data
	}
	return files, nil
})

// FreshPostgres creates an empty database on the server of dsn, dropped
// when the test ends, and returns the URL of it.
func FreshPostgres(t testing.TB, dsn string) string {
	t.Helper()
	return createPostgres(t, dsn, "")
}

// createPostgres creates a database, a copy of template when given,
// dropped when the test ends.
func createPostgres(t testing.TB, dsn, template string) string {
	t.Helper()
	u, drop, err := newPostgres(dsn, template)
	if err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(drop)
	return u
}

// newPostgres creates a database on the server of dsn, a copy of template
// when given, and returns its URL and what drops it.
func newPostgres(dsn, template string) (string, func(), error) {
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		return "", nil, err
	}
	name := randomName("explorer_test_")
	stmt := "CREATE DATABASE " + name
	if template != "" {
		stmt += " TEMPLATE " + template + copyStrategy(admin)
	}
	if err := execWhileInUse(admin, stmt); err != nil {
		admin.Close()
		return "", nil, err
	}
	drop := func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}
	u, err := withDatabase(dsn, name)
	if err != nil {
		drop()
		return "", nil, fmt.Errorf("EXPLORER_TEST_POSTGRES: %w", err)
	}
	return u, drop, nil
}

// templates holds, per server URL, the name of its migrated template.
var templates sync.Map // dsn → func() (string, error)

// postgresTemplate returns the name of a database on the server of dsn
// migrated by this binary's migrations and never connected to again, so
// that CREATE DATABASE … TEMPLATE may copy it: explorer_tmpl_ and the
// migrations' digest. It is made once per server and set of migrations
// (test processes running at once race to rename their build into place;
// the loser drops its own) and stays on the server for later runs.
func postgresTemplate(dsn string) (string, error) {
	f, _ := templates.LoadOrStore(dsn, sync.OnceValues(func() (string, error) { return makePostgresTemplate(dsn) }))
	return f.(func() (string, error))()
}

func makePostgresTemplate(dsn string) (string, error) {
	digest, err := store.MigrationsDigest()
	if err != nil {
		return "", err
	}
	name := "explorer_tmpl_" + digest
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	var exists bool
	if err := admin.QueryRow(`SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil || exists {
		return name, err
	}
	build := randomName("explorer_build_")
	if _, err := admin.Exec("CREATE DATABASE " + build); err != nil {
		return "", err
	}
	drop := func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + build + " WITH (FORCE)") }
	u, err := withDatabase(dsn, build)
	if err != nil {
		drop()
		return "", err
	}
	db, err := store.OpenPostgres(context.Background(), u)
	if err != nil {
		drop()
		return "", err
	}
	db.Close()
	err = execWhileInUse(admin, "ALTER DATABASE "+build+" RENAME TO "+name)
	// Another process won: duplicate_database, or unique_violation when
	// the two renames meet inside the catalog's index at once.
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && (pe.Code == "42P04" || pe.Code == "23505") {
		drop()
		return name, nil
	}
	if err != nil {
		drop()
		return "", err
	}
	return name, nil
}

// execWhileInUse runs a statement that needs a database no session is
// connected to (a copy of a template, a rename), again while the server
// answers object_in_use, for up to 30 seconds: the sessions of a pool
// just closed take a moment to end.
func execWhileInUse(admin *sql.DB, stmt string) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := admin.Exec(stmt)
		pe := (*pgconn.PgError)(nil)
		if err == nil || !errors.As(err, &pe) || pe.Code != "55006" || time.Now().After(deadline) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// copyStrategy is " STRATEGY FILE_COPY" on PostgreSQL 15 and later (the
// template's files copied, a third faster than 15's default of writing
// every page through the WAL; a test database needs no WAL of its
// creation), else "" (older servers copy files and know no STRATEGY).
func copyStrategy(admin *sql.DB) string {
	var v int
	if err := admin.QueryRow(`SELECT current_setting('server_version_num')::int`).Scan(&v); err != nil || v < 150000 {
		return ""
	}
	return " STRATEGY FILE_COPY"
}

// randomName is prefix and 12 random hex digits.
func randomName(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// withDatabase returns dsn naming database name instead of its own.
func withDatabase(dsn, name string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}
