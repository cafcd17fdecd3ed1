//go:build unix

package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	explorer "explorer"
)

// TestRestoreKeepsOwner (item 10): restored as root, the database takes
// the replaced one's owner, group and mode, or the directory's owner with
// mode 0600; its -wal and -shm files too (KeepOwner). Runs as root only.
func TestRestoreKeepsOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving files away needs root")
	}
	ctx := t.Context()
	src := filepath.Join(t.TempDir(), "explorer.db")
	db, err := OpenSQLite(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	backup := filepath.Join(t.TempDir(), "backup.db")
	if err := BackupSQLite(ctx, src, backup); err != nil {
		t.Fatal(err)
	}
	const nobody = 65534
	// A data directory whose database belongs to the service's user.
	data := t.TempDir()
	os.Chown(data, nobody, nobody)
	target := filepath.Join(data, "explorer.db")
	if _, err := RestoreSQLite(ctx, backup, target, ".old"); err != nil {
		t.Fatal(err)
	}
	checkOwner(t, target, nobody, nobody, 0o600)
	os.Chmod(target, 0o640)
	if _, err := RestoreSQLite(ctx, backup, target, ".older"); err != nil {
		t.Fatal(err)
	}
	checkOwner(t, target, nobody, nobody, 0o640)
	os.WriteFile(target+"-wal", nil, 0o644)
	if err := KeepOwner(target); err != nil {
		t.Fatal(err)
	}
	checkOwner(t, target+"-wal", nobody, nobody, 0o640)
}

func checkOwner(t *testing.T, path string, uid, gid int, mode os.FileMode) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	s := st.Sys().(*syscall.Stat_t)
	if int(s.Uid) != uid || int(s.Gid) != gid || st.Mode().Perm() != mode {
		t.Fatalf("%s: uid %d gid %d mode %o; want %d %d %o", filepath.Base(path), s.Uid, s.Gid, st.Mode().Perm(), uid, gid, mode)
	}
}

// An error of opening names the file's owner and mode and the user the
// process runs as.
func TestCannotOpenNamesOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "explorer.db")
	os.WriteFile(path, nil, 0o600)
	err := cannotOpen(path, explorer.Internal(errors.New("unable to open database file (14)")))
	msg := explorer.ErrorMessage(err)
	for _, want := range []string{path, "owned by", "mode 0600", "the server runs as", "uid"} {
		if !strings.Contains(msg, want) {
			t.Fatalf("%q lacks %q", msg, want)
		}
	}
	if other := errors.New("no such table"); cannotOpen(path, other) != other {
		t.Fatal("another error was rewritten")
	}
}
