package main

import (
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"explorer/store"
)

// ackLog records writes the server acknowledged, with the time of the
// answer.
type ackLog struct {
	mu   sync.Mutex
	acks map[string]time.Time
}

func (l *ackLog) add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.acks == nil {
		l.acks = map[string]time.Time{}
	}
	l.acks[key] = time.Now()
}

// waitFor waits until n writes are acknowledged (the writers are slow on
// a loaded machine, a fixed sleep is not enough).
func (l *ackLog) waitFor(t *testing.T, n int, limit time.Duration) {
	t.Helper()
	for end := time.Now().Add(limit); ; time.Sleep(20 * time.Millisecond) {
		l.mu.Lock()
		have := len(l.acks)
		l.mu.Unlock()
		if have >= n {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("%d writes acknowledged in %v, want %d", have, limit, n)
		}
	}
}

// before returns the keys acknowledged before t.
func (l *ackLog) before(t time.Time) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for k, at := range l.acks {
		if at.Before(t) {
			out = append(out, k)
		}
	}
	return out
}

// writePoles creates poles named prefix-G-I from several clients until
// stop is closed.
func writePoles(c *apiClient, prefix string, log *ackLog, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				name := fmt.Sprintf("%s-%d-%d", prefix, g, i)
				code, _, err := c.call("POST", "/v1/poles", map[string]any{"name": name, "language": "EN", "parts": []any{}})
				if err == nil && code == http.StatusCreated {
					log.add(name)
				}
			}
		})
	}
	return &wg
}

// poleNames reads the names of the poles in a SQLite database file.
func poleNames(t *testing.T, path string) map[string]bool {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM poles`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	names := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names[n] = true
	}
	return names
}

func missing(have map[string]bool, want []string) []string {
	var out []string
	for _, k := range want {
		if !have[k] {
			out = append(out, k)
		}
	}
	return out
}

// TestBackupUnderWriteLoad backs a running server up with the CLI and
// with the admin page's download while clients write, restores the backup
// into a new data directory, starts a server on it and finds every write
// acknowledged before the backup started.
func TestBackupUnderWriteLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	s := startServer(t, bin, data)
	runCLI(t, bin, "writer-password\n", "user", "add", "writer", "--data", data)
	// A user who writes nothing: the writer's own writes spend its writes
	// per minute, which would answer its POST 429 before its rights.
	runCLI(t, bin, "viewer-password\n", "user", "add", "viewer", "--data", data)
	var log ackLog
	stop := make(chan struct{})
	wg := writePoles(newAPIClient(s.addr, "writer", "writer-password"), "pole", &log, stop)

	log.waitFor(t, 5, 30*time.Second)
	cliStarted := time.Now()
	file := filepath.Join(t.TempDir(), "backup.db")
	runCLI(t, bin, "", "backup", file, "--data", data)
	viewer := signIn(t, s.addr, "viewer", "viewer-password")
	if code := viewer.post(t, "/backup", url.Values{}); code != http.StatusForbidden {
		t.Fatalf("backup download by a user: %d", code)
	}
	admin := signIn(t, s.addr, "admin", "admin-password")
	pageStarted := time.Now()
	downloaded := admin.downloadBackup(t)
	time.Sleep(200 * time.Millisecond)
	close(stop)
	wg.Wait()
	waitEmpty(t, filepath.Join(data, "tmp"))

	out, err := exec.Command(bin, "restore", file, "--data", data).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "holds") {
		t.Fatalf("restore over a served directory: %v %s", err, out)
	}
	out, err = exec.Command(bin, "serve", "--addr", freeAddr(t), "--data", data).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "holds") {
		t.Fatalf("a second server on a served directory: %v %s", err, out)
	}
	fresh := t.TempDir()
	runCLI(t, bin, "", "restore", file, "--data", fresh)
	s.stop(t)
	s2 := startServer(t, bin, fresh)
	var list struct {
		Poles []struct{ Name string } `json:"poles"`
	}
	newAPIClient(s2.addr, "writer", "writer-password").must(t, 200, "GET", "/v1/poles", nil, &list)
	have := map[string]bool{}
	for _, p := range list.Poles {
		have[p.Name] = true
	}
	want := log.before(cliStarted)
	if len(want) == 0 {
		t.Fatal("no write acknowledged before the backup")
	}
	if m := missing(have, want); len(m) > 0 {
		t.Fatalf("%d of %d writes acknowledged before the backup are missing: %v", len(m), len(want), m[:min(5, len(m))])
	}
	if err := store.IntegrityCheck(t.Context(), downloaded); err != nil {
		t.Fatalf("downloaded backup: %v", err)
	}
	if m := missing(poleNames(t, downloaded), log.before(pageStarted)); len(m) > 0 {
		t.Fatalf("downloaded backup lacks %d acknowledged writes", len(m))
	}
	t.Logf("%d writes before the CLI backup, %d before the download, %d in all", len(want), len(log.before(pageStarted)), len(log.acks))
}

// downloadBackup posts the backup form and saves the answer.
func (p *pageClient) downloadBackup(t *testing.T) string {
	t.Helper()
	resp, err := p.HC.PostForm(p.Base+"/backup", url.Values{"_csrf": {p.CSRF()}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	cd := resp.Header.Get("Content-Disposition")
	if resp.StatusCode != 200 || !strings.Contains(cd, "explorer-backup-"+time.Now().UTC().Format("2006-01-02")) {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("download: %d %q %.300s", resp.StatusCode, cd, b)
	}
	path := filepath.Join(t.TempDir(), "downloaded.db")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		t.Fatal(err)
	}
	return path
}

// waitEmpty waits until dir holds no file (a download's temporary file is
// removed once it has been sent).
func waitEmpty(t *testing.T, dir string) {
	t.Helper()
	for range 100 {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s still holds temporary files", dir)
}
