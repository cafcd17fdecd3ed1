package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	explorer "explorer"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	// The commands and servers of these tests import more rows than a
	// trial's credits pay: they track credits, and the tests of credits
	// (credits_test.go) ask for enforcement with --credits enforce.
	os.Setenv("EXPLORER_CREDITS", "track")
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// buildBinary builds the explorer binary once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "explorer-bin")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "explorer")
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// server is a running explorer serve process.
type server struct {
	cmd  *exec.Cmd
	addr string
	logs *syncBuffer
}

func startServer(t *testing.T, bin, data string, extra ...string) *server {
	t.Helper()
	return startServerAt(t, bin, data, freeAddr(t), extra...)
}

// startServerAt starts a server on addr (a restarted one on its old address).
func startServerAt(t *testing.T, bin, data, addr string, extra ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--data", data}, extra...)...)
	cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD=admin-password")
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Runs after the process is gone: no credential in its output.
	t.Cleanup(func() { checkNoSecret(t, logs.String(), "admin-password", basicOf("admin", "admin-password")) })
	t.Cleanup(func() { _ = cmd.Process.Kill(); _, _ = cmd.Process.Wait() })
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			return &server{cmd: cmd, addr: addr, logs: logs}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server did not start:\n%s", logs)
	return nil
}

func (s *server) get(t *testing.T, path string, auth func(*http.Request)) int {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+s.addr+path, nil)
	auth(req)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func runCLI(t *testing.T, bin, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("explorer %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestUsersAndTokensSurviveSIGKILL adds a user and a token through the
// CLI while the server runs, kills the server with SIGKILL and checks both
// still authenticate after a restart.
func TestUsersAndTokensSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	s := startServer(t, bin, data)

	runCLI(t, bin, "carol-password\n", "user", "add", "carol", "--data", data)
	token := strings.TrimSpace(runCLI(t, bin, "", "token", "create", "carol", "--data", data))
	if !strings.HasPrefix(token, "exp_") {
		t.Fatalf("token %q", token)
	}
	basic := func(r *http.Request) { r.SetBasicAuth("carol", "carol-password") }
	bearer := func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
	if got := s.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("basic before kill: %d", got)
	}
	if got := s.get(t, "/v1/account/settings", bearer); got != 200 {
		t.Fatalf("bearer before kill: %d", got)
	}
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_, _ = s.cmd.Process.Wait()

	s = startServer(t, bin, data)
	if got := s.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("basic after kill: %d\n%s", got, s.logs)
	}
	if got := s.get(t, "/v1/account/settings", bearer); got != 200 {
		t.Fatalf("bearer after kill: %d", got)
	}
	if got := s.get(t, "/v1/account/settings", func(r *http.Request) { r.SetBasicAuth("admin", "admin-password") }); got != 200 {
		t.Fatalf("admin after kill: %d", got)
	}
	list := runCLI(t, bin, "", "user", "list", "--data", data)
	if !strings.Contains(list, "carol") || !strings.Contains(list, "admin") {
		t.Fatalf("user list:\n%s", list)
	}
}

// TestGracefulShutdown sends SIGTERM while an upload is in flight (its
// body half sent) and checks the upload still completes with its model
// stored, and the process then exits cleanly.
func TestGracefulShutdown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	s := startServer(t, bin, t.TempDir())
	body, mw, answer := startSlowUpload(t, s.addr)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitForLog(t, s, "shutting down")
	// The rest of the body arrives after the signal: the request in flight
	// is finished, not cut.
	fw, _ := mw.CreateFormField("fileName")
	fw.Write([]byte("model.csv"))
	mw.Close()
	body.Close()
	select {
	case r := <-answer:
		if r.err != nil || r.status != http.StatusCreated || !strings.Contains(r.body, `"title":"in flight"`) {
			t.Fatalf("upload in flight: %d %v %s\n%s", r.status, r.err, r.body, s.logs)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no answer to the upload in flight")
	}
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, s.logs)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	if !strings.Contains(s.logs.String(), "stopped") {
		t.Fatalf("logs:\n%s", s.logs)
	}
}

// uploadAnswer is the answer to an upload sent by startSlowUpload.
type uploadAnswer struct {
	status int
	body   string
	err    error
}

// startSlowUpload starts a model upload as the first administrator whose
// body is sent through a pipe: the file part is written, the rest is left
// to the caller (more parts, then closing mw and the pipe). The answer
// comes on the channel.
func startSlowUpload(t *testing.T, addr string) (*io.PipeWriter, *multipart.Writer, <-chan uploadAnswer) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, err := http.NewRequest("POST", "http://"+addr+"/v1/models?title=in+flight", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Basic "+basicOf("admin", "admin-password"))
	// With Expect: 100-continue the client sends no byte of the body
	// before the server has read the request's head, so the first write
	// to the pipe returns only once the request is in the server's hands
	// (without it, the write could return while the connection still
	// waited to be accepted, and a SIGTERM then found nothing in flight).
	req.Header.Set("Expect", "100-continue")
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: time.Minute}}
	answer := make(chan uploadAnswer, 1)
	go func() {
		resp, err := client.Do(req)
		if err != nil {
			answer <- uploadAnswer{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		answer <- uploadAnswer{status: resp.StatusCode, body: string(b), err: err}
	}()
	fw, err := mw.CreateFormFile("file", "model.csv")
	if err != nil {
		t.Fatal(err)
	}
	// The pipe blocks until the client sends the body, which it does once
	// the server answered 100 Continue.
	if _, err := fw.Write([]byte("Index,Label,Terms\n1,start,\"alpha, beta\"\n")); err != nil {
		t.Fatal(err)
	}
	return pw, mw, answer
}

// waitForLog waits until the server's output has words in it.
func waitForLog(t *testing.T, s *server, words string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(s.logs.String(), words) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the logs:\n%s", words, s.logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestReport: a command line that does not parse is one line and where
// its help is (the subcommand's when it names one); a refused value names
// its bounds; an internal error is printed whole.
func TestReport(t *testing.T) {
	for _, tt := range []struct {
		args []string
		err  error
		code int
		want string
	}{
		{[]string{"frob"}, usageError(`unknown command "frob"`), 2, "explorer: unknown command \"frob\"\nrun 'explorer help' for its usage\n"},
		{[]string{"project", "explore", "x"}, usageError("ID must be a positive whole number"), 2,
			"explorer: ID must be a positive whole number\nrun 'explorer project explore -h' for its usage\n"},
		{[]string{"project"}, usageError("project needs a subcommand"), 2, "explorer: project needs a subcommand\nrun 'explorer project help' for its usage\n"},
		{[]string{"backup", "--x"}, flagError("flag provided but not defined: -x"), 2,
			"explorer: flag provided but not defined: -x\nrun 'explorer backup -h' for its usage\n"},
		{nil, explorer.Invalid("the numbers of an exploration are out of bounds", explorer.FieldError{Field: "topics", Message: "from 1 to 50 (0: 12)"}), 1,
			"explorer: the numbers of an exploration are out of bounds\n  topics: from 1 to 50 (0: 12)\n"},
		{nil, errors.New("disk full"), 1, "explorer: disk full\n"},
	} {
		var b bytes.Buffer
		if code := report(&b, tt.args, tt.err); code != tt.code || b.String() != tt.want {
			t.Errorf("%v: %d %q, want %d %q", tt.args, code, b.String(), tt.code, tt.want)
		}
	}
}

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run([]string{"nope"}, strings.NewReader(""), &out, &errb); err == nil {
		t.Fatal("unknown command accepted")
	}
	if err := run([]string{"version"}, strings.NewReader(""), &out, &errb); err != nil || !strings.HasPrefix(out.String(), "explorer ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
	if _, err := parseSize("20MiB"); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]int{"20MiB": 20 << 20, "512KiB": 512 << 10, "1000": 1000, "2GB": 2e9} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Fatalf("parseSize(%q) = %d, %v", in, got, err)
		}
	}
	if _, err := parseSize("lots"); err == nil {
		t.Fatal("bad size accepted")
	}
}
