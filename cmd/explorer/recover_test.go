package main

import (
	"bytes"
	"database/sql"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"explorer/internal/testkit"
)

// TestRecoveryAfterSIGKILL kills the server with SIGKILL during an import
// and during an explore; after a restart neither project is stuck: the
// import is a failed import that can be deleted (and the file imported
// again), the explored project is READY and can be explored again, and the
// temporary folder of the data directory is empty.
func TestRecoveryAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, data := buildBinary(t), t.TempDir()
	newDatabase(t, data)
	runCLI(t, bin, "ann-password\n", "user", "add", "ann", "--data", data)
	content, _ := testkit.SurveyCSV(30000)
	file := filepath.Join(data, "survey.csv")
	if err := os.WriteFile(file, content, 0o600); err != nil {
		t.Fatal(err)
	}
	runCLI(t, bin, "", "project", "import", "--owner", "ann", "--title", "Survey", file, "--data", data)

	srv := startServer(t, bin, data)
	addr := srv.addr
	page := signIn(t, addr, "ann", "ann-password")
	go postImport(page, "Second", content)
	killWhen(t, srv, data, 2, "INITIALIZING")

	srv = startServerAt(t, bin, data, addr)
	page = signIn(t, addr, "ann", "ann-password")
	go func() { _, _ = page.PostForm("/projects/1/explore", url.Values{}) }()
	killWhen(t, srv, data, 1, "EXPLORING")
	stale := filepath.Join(data, "tmp", "multipart-left-by-a-killed-server")
	if err := os.WriteFile(stale, []byte("partial upload"), 0o600); err != nil {
		t.Fatal(err)
	}

	srv = startServerAt(t, bin, data, addr)
	if left, _ := os.ReadDir(filepath.Join(data, "tmp")); len(left) != 0 {
		t.Fatalf("the temporary folder keeps %d files after a restart", len(left))
	}
	if st, msg := projectStatus(t, data, 1); st != "FAILED" || !strings.Contains(msg, "explore failed: interrupted") {
		t.Fatalf("interrupted explore: %s %q", st, msg)
	}
	if st, msg := projectStatus(t, data, 2); st != "FAILED" || !strings.Contains(msg, "import failed: interrupted") {
		t.Fatalf("interrupted import: %s %q", st, msg)
	}
	page = signIn(t, addr, "ann", "ann-password")
	if code := page.post(t, "/projects/1/explore", url.Values{}); code != http.StatusOK {
		t.Fatalf("explore after recovery: %d", code)
	}
	// The page waits a while for the job and then shows its progress: on
	// a busy machine the explore may still run when the answer comes.
	if st := waitStatus(t, data, 1, "EXPLORING"); st != "EXPLORED" {
		t.Fatalf("explored again: %s", st)
	}
	if code := page.post(t, "/projects/2/delete", url.Values{}); code >= 400 {
		t.Fatalf("delete the interrupted import: %d", code)
	}
	if code := postImport(page, "Second", content); code != http.StatusSeeOther {
		t.Fatalf("import again: %d", code)
	}
	if st := waitStatus(t, data, 3, "INITIALIZING"); st != "READY" {
		t.Fatalf("imported again: %s", st)
	}
	srv.stop(t)
}

// postImport imports content through the page's upload form and returns
// the status (0 when the server went away).
func postImport(p *pageClient, title string, content []byte) int {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("_csrf", p.CSRF())
	mw.WriteField("title", title)
	fw, _ := mw.CreateFormFile("file", "survey.csv")
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", p.Base+"/projects/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := p.HC.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// waitStatus waits (a minute at most) until project id's status is no
// longer passing (nor absent), and answers it.
func waitStatus(t *testing.T, data string, id int64, passing string) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		st, _ := projectStatus(t, data, id)
		if (st != passing && st != "") || time.Now().After(deadline) {
			return st
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// killWhen sends SIGKILL to the server as soon as project id has status.
func killWhen(t *testing.T, srv *server, data string, id int64, status string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if st, _ := projectStatus(t, data, id); st == status {
			_ = srv.cmd.Process.Signal(syscall.SIGKILL)
			_, _ = srv.cmd.Process.Wait()
			return
		} else if st != "" && st != "READY" && st != "EXPLORED" {
			t.Fatalf("project %d is %s, waiting for %s", id, st, status)
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("project %d never became %s:\n%s", id, status, srv.logs)
}

// projectStatus reads a project's status and message from the database
// file ("" when there is no such project).
func projectStatus(t *testing.T, data string, id int64) (string, string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+sqlitePath(data)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var st, msg string
	err = db.QueryRow(`SELECT status, status_message FROM projects WHERE id = ?`, id).Scan(&st, &msg)
	if err != nil && err != sql.ErrNoRows {
		t.Fatal(err)
	}
	return st, msg
}
