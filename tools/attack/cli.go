package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"explorer/store"
)

// cliAttacks are the attacks of issue 18 made through the command line
// rather than HTTP, each on a data directory of its own: a backup whose
// schema was given a trigger that makes every signed-in user an admin, and
// a database migrated by a newer binary. The status column holds the
// command's exit code.
func cliAttacks() []attack {
	return []attack{
		{"explorer restore: a backup with a trigger that makes users admins", (*runner).tamperedRestore},
		{"explorer user list: a database migrated by a newer binary", (*runner).newerDatabase},
	}
}

// tamperedRestore backs up a fresh database, adds the trigger to the copy
// and restores it.
func (r *runner) tamperedRestore() (*http.Response, error) {
	data, cleanup, err := freshData()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	backup := filepath.Join(filepath.Dir(data), "tampered.db")
	if code, out := r.cli("backup", backup, "--data", data); code != 0 {
		return nil, fmt.Errorf("backup: exit %d: %s", code, out)
	}
	trigger := `CREATE TRIGGER sessions_promote AFTER INSERT ON sessions BEGIN UPDATE users SET role = 'admin' WHERE id = NEW.user_id; END`
	if err := execSQLite(backup, trigger); err != nil {
		return nil, err
	}
	code, out := r.cli("restore", backup, "--data", data)
	return noteAnswer(code, firstLine(out)), nil
}

// newerDatabase records a migration this binary does not know, then runs
// a command on the database.
func (r *runner) newerDatabase() (*http.Response, error) {
	data, cleanup, err := freshData()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	if err := execSQLite(filepath.Join(data, "explorer.db"), `INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '0999_future.sql', 0)`); err != nil {
		return nil, err
	}
	code, out := r.cli("user", "list", "--data", data)
	return noteAnswer(code, firstLine(out)), nil
}

// freshData makes a data directory holding a migrated, empty database.
func freshData() (string, func(), error) {
	dir, err := os.MkdirTemp("", "explorer-attack-cli-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		cleanup()
		return "", nil, err
	}
	db, err := store.OpenSQLite(context.Background(), filepath.Join(data, "explorer.db"))
	if err != nil {
		cleanup()
		return "", nil, err
	}
	if err := db.Close(); err != nil {
		cleanup()
		return "", nil, err
	}
	return data, cleanup, nil
}

// execSQLite runs one statement on the SQLite database at path.
func execSQLite(path, stmt string) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Exec(stmt)
	return err
}

// cli runs the binary with args and answers its exit code and output.
func (r *runner) cli(args ...string) (int, string) {
	var out bytes.Buffer
	cmd := exec.Command(r.bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	}
	if err != nil {
		return -1, err.Error()
	}
	return 0, out.String()
}

// firstLine is the first line of s that says something.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
