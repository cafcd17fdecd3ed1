package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	explorer "explorer"
	"explorer/store"
)

// TestBackupInterrupted (item 9): a backup whose context ends leaves no
// partial file and no copy; a finished one is readable by its owner only.
func TestBackupInterrupted(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "explorer.db")
	open(t, src).Close()
	dest := filepath.Join(dir, "backup.db")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err := store.BackupSQLite(ctx, src, dest)
	if explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Fatalf("cancelled backup: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "backup.db*")); len(m) > 0 {
		t.Fatalf("left behind: %v", m)
	}
	// Interrupted while it copies 80 MB: the partial file goes too. The
	// rows are zeros: the copy takes as long, and SQLite makes them 100
	// times faster than random bytes under -race.
	sqlExec(t, src, `CREATE TABLE big AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 20000) SELECT zeroblob(4000) AS b FROM c`)
	ctx, cancel = context.WithCancel(t.Context())
	go func() {
		for {
			if m, _ := filepath.Glob(filepath.Join(dir, "backup.db.partial-*")); len(m) > 0 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	err = store.BackupSQLite(ctx, src, dest)
	cancel()
	if m, _ := filepath.Glob(filepath.Join(dir, "backup.db*")); len(m) > 0 {
		t.Fatalf("left behind after %v: %v", err, m)
	}
	if explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Fatalf("backup cancelled while copying: %v", err)
	}
	if err := store.BackupSQLite(t.Context(), src, dest); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(dest)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("backup mode %v %v", st.Mode(), err)
	}
}
