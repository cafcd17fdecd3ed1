package main

import (
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestBackupInterruptedLeavesNothing (item 9): `explorer backup` stopped
// by SIGINT or SIGTERM while it copies removes its partial file before it
// exits, and writes no backup.
func TestBackupInterruptedLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	newDatabase(t, data)
	db, err := sql.Open("sqlite", sqlitePath(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE big AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 40000) SELECT zeroblob(4000) AS b FROM c`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		out := t.TempDir()
		dest := filepath.Join(out, "backup.db")
		cmd := exec.Command(bin, "backup", dest, "--data", data)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if m, _ := filepath.Glob(dest + ".partial-*"); len(m) > 0 {
				break
			}
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		left, _ := os.ReadDir(out)
		if len(left) > 0 {
			t.Fatalf("%v: left %v (exit %v)", sig, left[0].Name(), err)
		}
		if err == nil {
			t.Fatalf("%v: the interrupted backup exited 0", sig)
		}
	}
}
