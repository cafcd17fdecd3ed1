package store_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"explorer/store"
)

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// plant writes the files of names into dir, written age ago.
func plant(t *testing.T, dir string, age time.Duration, names ...string) {
	t.Helper()
	at := time.Now().Add(-age)
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("partial copy"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

func names(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Leftovers of killed backups and restores are removed by the rule of
// RemoveLeftovers: every restoring copy of the database (the caller holds
// the lock a restore holds), a partial backup once its process is gone and
// it has been idle a minute (an hour for names without a process id);
// nothing else.
func TestRemoveLeftovers(t *testing.T) {
	dir := t.TempDir()
	dead, alive := deadPID(t), os.Getpid()
	old := 2 * store.PartialIdle
	removed := []string{
		fmt.Sprintf("explorer.db.restoring-%d-11", dead), fmt.Sprintf("explorer.db.restoring-%d-11-wal", dead),
		fmt.Sprintf("explorer.db.restoring-%d-12", alive), "explorer.db.restoring-4711",
		fmt.Sprintf("b.db.partial-%d-21", dead), fmt.Sprintf("b.db.partial-%d-21-journal", dead),
		fmt.Sprintf("nightly.db.partial-%d-22", dead),
	}
	plant(t, dir, old, removed...)
	plant(t, dir, 2*store.OldPartialIdle, "b.db.partial-4712")
	removed = append(removed, "b.db.partial-4712")
	kept := []string{
		"explorer.db", fmt.Sprintf("other.db.restoring-%d-13", dead), "explorer.db.restoring-x",
		fmt.Sprintf("b.db.partial-%d-23", alive), "b.db.partial-4713", "b.db.partial-", "notes.partial-x",
		fmt.Sprintf("b.db.partial-%d-24-old", dead),
	}
	plant(t, dir, old, kept...)
	plant(t, dir, store.PartialIdle/2, fmt.Sprintf("c.db.partial-%d-25", dead))
	kept = append(kept, fmt.Sprintf("c.db.partial-%d-25", dead))
	if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("d.db.partial-%d-26", dead)), 0o700); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, fmt.Sprintf("d.db.partial-%d-26", dead))

	got, err := store.RemoveLeftovers(filepath.Join(dir, "explorer.db"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(removed) || got[0].Size != int64(len("partial copy")) {
		t.Errorf("removed %v, want %v", got, removed)
	}
	sort.Strings(kept)
	if have := names(dir); fmt.Sprint(have) != fmt.Sprint(kept) {
		t.Fatalf("left %v, want %v", have, kept)
	}

	// A backup command removes only the stale partial files of its own
	// destination.
	plant(t, dir, old, fmt.Sprintf("b.db.partial-%d-31", dead), fmt.Sprintf("e.db.partial-%d-32", dead))
	got, err = store.RemoveBackupLeftovers(filepath.Join(dir, "b.db"), time.Now())
	if err != nil || len(got) != 1 || filepath.Base(got[0].Path) != fmt.Sprintf("b.db.partial-%d-31", dead) {
		t.Fatalf("backup leftovers: %v %v", got, err)
	}
}
