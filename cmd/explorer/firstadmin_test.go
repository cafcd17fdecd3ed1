package main

import (
	"bytes"
	"encoding/base64"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkNoSecret fails t when a credential is in a server's output.
func checkNoSecret(t *testing.T, logs string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(logs, s) {
			t.Errorf("a credential (%d characters) is in the server's output", len(s))
		}
	}
}

func basicOf(user, pw string) string {
	return base64.StdEncoding.EncodeToString([]byte(user + ":" + pw))
}

// syncBuffer is a process's output, read while it runs.
// The first start without EXPLORER_ADMIN_PASSWORD writes a random
// password to DATA/initial-admin-password (0600) and logs the file's
// path, not the password (stderr is no terminal here), in text and JSON
// logs; `explorer user passwd admin` removes the file.
func TestFirstStartWritesThePasswordToAFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	for _, format := range []string{"text", "json"} {
		data := t.TempDir()
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--addr", addr, "--data", data, "--log-format", format)
		cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD=")
		out := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		s := &server{cmd: cmd, addr: addr}
		waitHealthy(t, addr, out)
		file := filepath.Join(data, "initial-admin-password")
		fi, err := os.Stat(file)
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s: %v %v", format, fi, err)
		}
		b, _ := os.ReadFile(file)
		pw := strings.TrimSpace(string(b))
		if len(pw) < 12 {
			t.Fatalf("password %d characters", len(pw))
		}
		if got := s.get(t, "/v1/account/settings", func(r *http.Request) { r.SetBasicAuth("admin", pw) }); got != 200 {
			t.Fatalf("the file's password does not work: %d", got)
		}
		runCLI(t, bin, "new-admin-password\n", "user", "passwd", "admin", "--data", data)
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Fatalf("%s: the file outlived the change: %v", format, err)
		}
		_ = cmd.Process.Kill()
		_, _ = cmd.Process.Wait()
		logs := out.String()
		if !strings.Contains(logs, "created the user admin with a random password") || !strings.Contains(logs, file) {
			t.Fatalf("%s: the log does not name the file:\n%s", format, logs)
		}
		checkNoSecret(t, logs, pw, basicOf("admin", pw), "new-admin-password")
	}
}

func waitHealthy(t *testing.T, addr string, out *syncBuffer) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server did not start:\n%s", out)
}

// On a terminal the password is shown too, with the file and the
// command that changes it; the log never holds it.
func TestAnnounceAdmin(t *testing.T) {
	for _, tty := range []bool{false, true} {
		var screen, log bytes.Buffer
		announceAdmin(&screen, tty, slog.New(slog.NewJSONHandler(&log, nil)), "s3cret-pw-123", "/srv/data")
		if strings.Contains(log.String(), "s3cret-pw-123") || !strings.Contains(log.String(), "/srv/data/initial-admin-password") {
			t.Fatalf("log %s", log.String())
		}
		shown := strings.Contains(screen.String(), "s3cret-pw-123")
		if shown != tty || tty && !strings.Contains(screen.String(), "explorer user passwd admin --data /srv/data") {
			t.Fatalf("tty %v: screen %q", tty, screen.String())
		}
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Fatal("a buffer is a terminal")
	}
}
