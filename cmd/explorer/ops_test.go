package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"explorer/internal/testkit"
	"explorer/store"
)

// createDB creates the explorer database of url (a SQLite path or a
// postgres:// URL) with the store, as a first serve would.
func createDB(t *testing.T, url string) {
	t.Helper()
	db, err := store.Open(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// execSQL runs statements on the SQLite or PostgreSQL database of url.
func execSQL(t *testing.T, driver, url string, stmts ...string) {
	t.Helper()
	db, err := sql.Open(driver, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// The attack of issue 18 through the CLI: a backup with a trigger that
// makes whoever signs in an administrator is refused by restore, naming
// the trigger; the database in place stays byte for byte as it was.
func TestRestoreRefusesATamperedBackup(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	createDB(t, sqlitePath(data))
	backup := filepath.Join(t.TempDir(), "backup.db")
	runCLI(t, bin, "", "backup", backup, "--data", data)
	execSQL(t, "sqlite", backup, `CREATE TRIGGER sessions_promote AFTER INSERT ON sessions
BEGIN UPDATE users SET role = 'admin' WHERE id = NEW.user_id; END`)

	before, _ := os.ReadFile(sqlitePath(data))
	out, err := exec.Command(bin, "restore", backup, "--data", data).CombinedOutput()
	if err == nil || !strings.Contains(string(out), `trigger "sessions_promote" (on sessions) is not made by them`) {
		t.Fatalf("restore of a backup with a foreign trigger: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(sqlitePath(data)); !bytes.Equal(before, after) {
		t.Fatal("the refused restore changed the database")
	}
	if m, _ := filepath.Glob(filepath.Join(data, "explorer.db.*")); len(m) > 0 {
		t.Fatalf("the refused restore left %v", m)
	}
}

// Every command refuses a database at a migration newer than the binary
// knows, naming both, on SQLite and (when EXPLORER_TEST_POSTGRES is set)
// on PostgreSQL.
func TestCommandsRefuseANewerDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	driver, url := "sqlite", sqlitePath(data)
	if pg := os.Getenv("EXPLORER_TEST_POSTGRES"); pg != "" {
		driver, url = "pgx", testkit.FreshPostgres(t, pg)
		t.Setenv("EXPLORER_DATABASE", url)
	}
	createDB(t, url)
	db, err := sql.Open(driver, url)
	if err != nil {
		t.Fatal(err)
	}
	var known int
	err = db.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&known)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	execSQL(t, driver, url, fmt.Sprintf(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (%d, 'future.sql', 0)`, known+2))
	want := fmt.Sprintf("is at migration %d, this binary knows up to %d: use a newer explorer", known+2, known)
	commands := [][]string{
		{"user", "list", "--data", data},
		{"token", "create", "ann", "--data", data},
		{"serve", "--addr", freeAddr(t), "--data", data},
	}
	if driver == "sqlite" {
		commands = append(commands, []string{"backup", filepath.Join(t.TempDir(), "b.db"), "--data", data})
	}
	for _, args := range commands {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader("x-password\n")
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("explorer %s on a newer database: %v\n%s", args[0], err, out)
		}
	}
}

// Two instances started at once on one empty PostgreSQL database both come
// up; the migrations run once between them (each logged by the instance
// that ran it) and exactly one admin exists.
func TestFirstStartOfTwoInstancesOnPostgres(t *testing.T) {
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("EXPLORER_TEST_POSTGRES is not set")
	}
	dsn := testkit.FreshPostgres(t, os.Getenv("EXPLORER_TEST_POSTGRES"))
	bin := buildBinary(t)
	var cmds []*exec.Cmd
	var logs []*bytes.Buffer
	var addrs []string
	for range 2 {
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--addr", addr, "--data", t.TempDir(), "--database", dsn)
		cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD=")
		buf := &bytes.Buffer{}
		cmd.Stdout, cmd.Stderr = buf, buf
		cmds, logs, addrs = append(cmds, cmd), append(logs, buf), append(addrs, addr)
	}
	for _, cmd := range cmds {
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _, _ = cmd.Process.Wait() })
	}
	for i, addr := range addrs {
		if !healthyWithin(addr, 30*time.Second) {
			_ = cmds[i].Process.Kill()
			_, _ = cmds[i].Process.Wait()
			t.Fatalf("instance %d did not come up:\n%s", i, logs[i])
		}
	}
	for _, cmd := range cmds {
		_ = cmd.Process.Kill()
		_, _ = cmd.Process.Wait()
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var users, admins, migrations, newest int
	if err := db.QueryRow(`SELECT COUNT(*), COUNT(*) FILTER (WHERE username = 'admin' AND role = 'admin') FROM users`).Scan(&users, &admins); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&migrations, &newest); err != nil {
		t.Fatal(err)
	}
	if users != 1 || admins != 1 {
		t.Fatalf("%d users, %d admins after two first starts", users, admins)
	}
	applied := appliedMigrations(logs[0].String() + logs[1].String())
	if len(applied) != migrations || len(dedupe(applied)) != migrations {
		t.Fatalf("migrations logged as applied %v, %d recorded:\n%s\n%s", applied, migrations, logs[0], logs[1])
	}
	if at := fmt.Sprintf("database schema\" migration=%d ", newest); strings.Count(logs[0].String()+logs[1].String(), at) != 2 {
		t.Fatalf("both instances should log %q:\n%s\n%s", at, logs[0], logs[1])
	}
	created := strings.Count(logs[0].String()+logs[1].String(), "created the user admin with a random password")
	if created != 1 {
		t.Fatalf("the admin's password was announced %d times", created)
	}
}

// waitHealthy waits until /healthz of addr answers.
func healthyWithin(addr string, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			return true
		}
	}
	return false
}

var appliedLine = regexp.MustCompile(`applied migration.* migration=(\d+) name=(\S+)`)

// appliedMigrations lists the migrations the logs say were applied.
func appliedMigrations(logs string) []string {
	var out []string
	for _, m := range appliedLine.FindAllStringSubmatch(logs, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	sort.Strings(out)
	return out
}

func dedupe(s []string) map[string]bool {
	out := map[string]bool{}
	for _, v := range s {
		out[v] = true
	}
	return out
}

// Leftovers of killed backups and restores in the data directory: serve
// removes the stale ones at start and logs them, keeps a running backup's
// and unrelated files; restore and backup remove the ones they own.
func TestLeftoversRemoved(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	createDB(t, sqlitePath(data))
	dead := exec.Command(bin, "version")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	gone, running := dead.Process.Pid, os.Getpid()
	stale := []string{
		fmt.Sprintf("explorer.db.restoring-%d-1", gone), fmt.Sprintf("explorer.db.restoring-%d-1-wal", gone),
		fmt.Sprintf("nightly.db.partial-%d-2", gone),
	}
	kept := []string{fmt.Sprintf("nightly.db.partial-%d-3", running), "notes.partial-x"}
	plantFiles(t, data, 10*time.Minute, append(stale, kept...)...)

	s := startServer(t, bin, data)
	s.stop(t)
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(data, n)); err == nil {
			t.Errorf("serve kept %s", n)
		}
		if !strings.Contains(s.logs.String(), n) {
			t.Errorf("serve did not log the removal of %s:\n%s", n, s.logs)
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(data, n)); err != nil {
			t.Errorf("serve removed %s", n)
		}
	}

	backups := t.TempDir()
	leftover := fmt.Sprintf("b.db.partial-%d-4", gone)
	other := fmt.Sprintf("c.db.partial-%d-5", gone)
	plantFiles(t, backups, 10*time.Minute, leftover, other)
	out := runCLI(t, bin, "", "backup", filepath.Join(backups, "b.db"), "--data", data)
	if !strings.Contains(out, leftover) {
		t.Errorf("backup did not report the removal of %s:\n%s", leftover, out)
	}
	if have := dirNames(backups); fmt.Sprint(have) != fmt.Sprint([]string{"b.db", other}) {
		t.Errorf("after backup: %v", have)
	}

	restoring := fmt.Sprintf("explorer.db.restoring-%d-6", gone)
	plantFiles(t, data, 0, restoring)
	out = runCLI(t, bin, "", "restore", filepath.Join(backups, "b.db"), "--data", data)
	if _, err := os.Stat(filepath.Join(data, restoring)); err == nil || !strings.Contains(out, restoring) {
		t.Errorf("restore kept %s or did not report it:\n%s", restoring, out)
	}
}

// plantFiles writes files named names into dir, last written age ago.
func plantFiles(t *testing.T, dir string, age time.Duration, names ...string) {
	t.Helper()
	at := time.Now().Add(-age)
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("a copy cut short"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

func dirNames(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}
