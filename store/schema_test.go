package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
	"explorer/store"
)

// userWithSession makes the database at path hold the user ann (role
// user) with a page session, as a server that ran a while leaves it.
func userWithSession(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	db := open(t, path)
	defer db.Close()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateUser(ctx, u); err != nil {
			return err
		}
		return db.CreateSession(ctx, &identity.Session{Hash: "h1", UserID: u.ID, CSRF: "c", Created: now, Expires: now.Add(time.Hour)})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The attack of issue 18: a backup with a trigger that makes whoever signs
// in an administrator, and other objects explorer's migrations do not
// make, are refused, naming the object; the database in place stays as
// it was and nothing is left in its folder.
func TestRestoreRefusesAForeignSchema(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	src := filepath.Join(dir, "explorer.db")
	userWithSession(t, src)
	target := filepath.Join(t.TempDir(), "explorer.db")
	userWithSession(t, target)
	for _, tc := range []struct{ name, tamper, want string }{
		{"trigger", `CREATE TRIGGER sessions_promote AFTER INSERT ON sessions BEGIN UPDATE users SET role = 'admin' WHERE id = NEW.user_id; END`,
			`trigger "sessions_promote" (on sessions) is not made by them`},
		{"view", `CREATE VIEW admins AS SELECT * FROM users WHERE role = 'admin'`, `view "admins" is not made by them`},
		{"index", `CREATE INDEX users_role ON users(role)`, `index "users_role" (on users) is not made by them`},
		{"table", `CREATE TABLE notes (x TEXT)`, `table "notes" is not made by them`},
		{"missing index", `DROP INDEX sessions_user`, `index "sessions_user" (on sessions) is missing`},
		{"changed table", `ALTER TABLE users ADD COLUMN note TEXT`, `table "users" differs`},
		{"changed default", `DROP INDEX sessions_user; DROP INDEX sessions_expires; ALTER TABLE sessions RENAME TO s_old; ` +
			`CREATE TABLE sessions (hash TEXT PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, csrf TEXT NOT NULL, ` +
			`created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL DEFAULT 4102444800000); ` +
			`CREATE INDEX sessions_user ON sessions(user_id); CREATE INDEX sessions_expires ON sessions(expires_at); DROP TABLE s_old`,
			`table "sessions" differs`},
		{"unknown migration", `INSERT INTO schema_migrations VALUES (12, '0012_x.sql', 0)`, `records migration 12, which this explorer does not have`},
		{"missing migration", `DELETE FROM schema_migrations WHERE version = 2`, `does not record migration 0002_`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			backup := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".db")
			if err := store.BackupSQLite(ctx, src, backup); err != nil {
				t.Fatal(err)
			}
			sqlExec(t, backup, tc.tamper)
			before, _ := os.ReadFile(target)
			_, err := store.RestoreSQLite(ctx, backup, target, ".old")
			if explorer.ErrorCode(err) != explorer.EINVALID || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore: %v, want %q", err, tc.want)
			}
			if after, _ := os.ReadFile(target); !bytes.Equal(before, after) {
				t.Fatal("the refused restore changed the database")
			}
			if m, _ := filepath.Glob(filepath.Join(filepath.Dir(target), "*")); len(m) != 1 {
				t.Fatalf("files beside the database: %v", m)
			}
		})
	}
	// The untampered copy of the same database restores.
	backup := filepath.Join(dir, "clean.db")
	if err := store.BackupSQLite(ctx, src, backup); err != nil {
		t.Fatal(err)
	}
	sqlExec(t, backup, `ANALYZE`)
	if _, err := store.RestoreSQLite(ctx, backup, target, ".old"); err != nil {
		t.Fatalf("restore of a clean backup (with ANALYZE statistics): %v", err)
	}
}

// A backup made by an older release (migration 11) restores when its
// schema is exactly the one of migration 11, and the next open migrates
// it as usual, reporting the migrations it ran.
func TestRestoreOfAnOlderBackupThenMigrates(t *testing.T) {
	ctx := t.Context()
	old := filepath.Join(t.TempDir(), "old.db")
	db, err := store.OpenSQLiteAt(ctx, old, 11)
	if err != nil {
		t.Fatal(err)
	}
	if applied, at := db.Migrations(); len(applied) != 11 || at != 11 || applied[0].Name != "0001_users.sql" {
		t.Fatalf("migrations of the old database: %+v at %d", applied, at)
	}
	db.Close()
	backup := filepath.Join(t.TempDir(), "old-backup.db")
	if err := store.BackupSQLite(ctx, old, backup); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "explorer.db")
	if _, err := store.RestoreSQLite(ctx, backup, target, ".old"); err != nil {
		t.Fatalf("restore of a migration-11 backup: %v", err)
	}
	db = open(t, target)
	defer db.Close()
	applied, at := db.Migrations()
	if len(applied) == 0 || applied[0].Version <= 11 || at <= 11 {
		t.Fatalf("after restore: applied %+v, at %d", applied, at)
	}
	db.Close()
	db = open(t, target)
	if applied, at2 := db.Migrations(); len(applied) != 0 || at2 != at {
		t.Fatalf("second open: applied %+v, at %d", applied, at2)
	}

	// A migration-11 backup carrying an index of a later migration is not
	// migration 11's schema.
	sqlExec(t, backup, `CREATE INDEX model_versions_author ON model_versions(model_id)`)
	if _, err := store.RestoreSQLite(ctx, backup, target, ".old"); err == nil || !strings.Contains(err.Error(), "up to migration 11") {
		t.Fatalf("restore of a migration-11 backup with an extra index: %v", err)
	}
}

// Every open refuses a database that records a migration newer than the
// binary has, naming both (both databases).
func TestOpenRefusesANewerDatabase(t *testing.T) {
	ctx := t.Context()
	var reopen func() (*store.DB, error)
	if pg := os.Getenv("EXPLORER_TEST_POSTGRES"); pg != "" {
		dsn := testkit.FreshPostgres(t, pg)
		reopen = func() (*store.DB, error) { return store.OpenPostgres(ctx, dsn) }
	} else {
		path := filepath.Join(t.TempDir(), "explorer.db")
		reopen = func() (*store.DB, error) { return store.OpenSQLite(ctx, path) }
	}
	db, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	_, at := db.Migrations()
	err = db.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)`, at+2, "future.sql")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	_, err = reopen()
	want := fmt.Sprintf("the database is at migration %d, this binary knows up to %d: use a newer explorer", at+2, at)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("open of a newer database: %v", err)
	}
}
