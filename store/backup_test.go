package store_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/store"
)

func TestBackupAndRestoreRefuseWhatTheyMustNot(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	src := filepath.Join(dir, "explorer.db")
	open(t, src).Close()
	backup := filepath.Join(dir, "backup.db")
	if err := store.BackupSQLite(ctx, src, backup); err != nil {
		t.Fatal(err)
	}
	if err := store.BackupSQLite(ctx, src, backup); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("backup over an existing file: %v", err)
	}
	target := filepath.Join(t.TempDir(), "explorer.db")
	if _, err := store.RestoreSQLite(ctx, backup, target, ".old"); err != nil {
		t.Fatal(err)
	}
	kept, err := store.RestoreSQLite(ctx, backup, target, ".old")
	if err != nil || kept != target+".old" {
		t.Fatalf("second restore: %q %v", kept, err)
	}

	// A damaged copy: the backup with a page overwritten by noise.
	b, _ := os.ReadFile(backup)
	damaged := filepath.Join(dir, "damaged.db")
	copy(b[4096:], bytes.Repeat([]byte{0x5a}, 4096))
	os.WriteFile(damaged, b, 0o600)
	// Not an explorer database, and one of a newer explorer.
	other := filepath.Join(dir, "other.db")
	sqlExec(t, other, `CREATE TABLE t (x INTEGER)`)
	newer := filepath.Join(dir, "newer.db")
	store.BackupSQLite(ctx, src, newer)
	sqlExec(t, newer, `INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 0)`)
	for name, want := range map[string]string{damaged: "", other: "not an explorer database", newer: "newer explorer",
		filepath.Join(dir, "absent.db"): "cannot read"} {
		before, _ := os.ReadFile(target)
		_, err := store.RestoreSQLite(ctx, name, target, ".x")
		if code := explorer.ErrorCode(err); code != explorer.EINVALID && code != explorer.ENOTFOUND || !strings.Contains(err.Error(), want) {
			t.Errorf("restore %s: %v", filepath.Base(name), err)
		}
		if after, _ := os.ReadFile(target); !bytes.Equal(before, after) {
			t.Errorf("restore %s changed the database", filepath.Base(name))
		}
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(target), "*restoring*")); len(m) > 0 {
		t.Fatalf("left behind: %v", m)
	}
}

func sqlExec(t *testing.T, path, stmt string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmt); err != nil {
		t.Fatal(err)
	}
}
