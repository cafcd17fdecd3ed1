package testkit

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"explorer/store"

	_ "github.com/jackc/pgx/v5/stdlib"
)

// OpenDB opens an empty database for one test: a SQLite file in a
// temporary directory, or, when EXPLORER_TEST_POSTGRES holds a connection
// URL, a new PostgreSQL database dropped when the test ends.
func OpenDB(t testing.TB) *store.DB {
	t.Helper()
	ctx := context.Background()
	if dsn := os.Getenv("EXPLORER_TEST_POSTGRES"); dsn != "" {
		db, err := store.OpenPostgres(ctx, FreshPostgres(t, dsn))
		if err != nil {
			t.Fatalf("open postgres: %v", err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	db, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "explorer.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// FreshPostgres creates a database on the server of dsn and returns the
// URL of it.
func FreshPostgres(t testing.TB, dsn string) string {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "explorer_test_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("EXPLORER_TEST_POSTGRES: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}
