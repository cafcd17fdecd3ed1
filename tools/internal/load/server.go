package load

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Server is an explorer serve process the tool started.
type Server struct {
	cmd  *exec.Cmd
	Base string
	dir  string
	logs *os.File
}

// StartServer starts bin serve on a free loopback port with a fresh data
// directory (removed by Stop) and the admin password given; database
// selects PostgreSQL when not empty; extra are more flags of serve.
func StartServer(bin, database, adminPassword string, extra ...string) (*Server, error) {
	dir, err := os.MkdirTemp("", "explorer-load-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	logs, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	// The load measures throughput, not the per-user write budget.
	args := []string{"serve", "--addr", addr, "--data", filepath.Join(dir, "data"), "--log-level", "warn", "--max-writes-per-minute", "100000000"}
	if database != "" {
		args = append(args, "--database", database)
	}
	args = append(args, extra...)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD="+adminPassword)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &Server{cmd: cmd, Base: "http://" + addr, dir: dir, logs: logs}
	if err := waitOK(s.Base+"/healthz", time.Minute); err != nil {
		s.Stop()
		b, _ := os.ReadFile(logs.Name())
		return nil, fmt.Errorf("%w\n%s", err, b)
	}
	return s, nil
}

// waitOK waits until GET url answers 200.
func waitOK(url string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("the server did not answer " + url)
}

// RSS returns the resident memory of the server process in bytes, read
// from /proc/PID/status (VmRSS).
func (s *Server) RSS() (int64, error) { return procStatus(s.cmd.Process.Pid, "VmRSS") }

// procStatus reads a size field (in kB) of /proc/PID/status.
func procStatus(pid int, field string) (int64, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(val), " kB"), 10, 64)
		return kb << 10, err
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}

// Stop ends the server (SIGTERM, then SIGKILL after 30 s) and removes its
// data directory.
func (s *Server) Stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.logs.Close()
	os.RemoveAll(s.dir)
}

// CheckLoopback refuses a URL whose host is not a loopback address: the
// tool loads only this machine's servers.
func CheckLoopback(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("--url %q: give http://127.0.0.1:PORT", raw)
	}
	host := u.Hostname()
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return "", fmt.Errorf("--url %q: %v", raw, err)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return "", fmt.Errorf("--url %q: only loopback servers may be loaded (%s is not)", raw, ip)
		}
	}
	return strings.TrimSuffix(u.Scheme+"://"+u.Host, "/"), nil
}

// DataDir is the server's data directory (its SQLite database is
// explorer.db there).
func (s *Server) DataDir() string { return filepath.Join(s.dir, "data") }

// PID is the server process's id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// Alive reports whether the server still answers /healthz.
func (s *Server) Alive() bool { return waitOK(s.Base+"/healthz", 5*time.Second) == nil }
