package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"explorer/tools/internal/load"
)

// adminPassword is the password of the admin of the benchmark's fresh
// data directory.
const adminPassword = "servebench-password"

// server is a running explorer subprocess.
type server struct {
	cmd       *exec.Cmd
	bin, data string
	base      string
	log       *lockedBuffer
	// database is the PostgreSQL URL the server runs on (empty: SQLite
	// in data); dbPID its postmaster, whose CPU is measured beside.
	database string
	dbPID    int
}

// lockedBuffer is the server's output, written by the process's copying
// goroutine while the bench reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// logText is what the server printed so far.
func (s *server) logText() string { return s.log.String() }

// addUser adds a user with the admin's password to the server's data
// directory, through the binary's CLI beside the running server.
func (s *server) addUser(name string) error {
	cmd := exec.Command(s.bin, append([]string{"user", "add", name, "--data", s.data}, s.databaseArgs()...)...)
	cmd.Stdin = strings.NewReader(adminPassword + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("user add %s: %v: %s", name, err, out)
	}
	return nil
}

// databaseArgs are the flags that give the binary's commands the
// server's database: none on SQLite.
func (s *server) databaseArgs() []string {
	if s.database == "" {
		return nil
	}
	return []string{"--database", s.database}
}

// startServer starts bin serve on SQLite in data (see startServerOn).
func startServer(bin, data string, extra []string) (*server, time.Duration, error) {
	return startServerOn(bin, data, postgres{}, extra)
}

// postgres is the throwaway PostgreSQL a server runs on (zero: SQLite).
type postgres struct {
	dsn string
	pid int
}

// startServerOn starts bin serve on a free loopback port, on the
// database pg (SQLite in data when zero), and waits until /readyz answers
// 200 (at most 15 minutes), returning the time it took.
func startServerOn(bin, data string, pg postgres, extra []string) (*server, time.Duration, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, 0, err
	}
	addr := ln.Addr().String()
	ln.Close()
	args := []string{"serve", "--addr", addr, "--data", data, "--log-level", "warn"}
	if pg.dsn != "" {
		args = append(args, "--database", pg.dsn)
	}
	args = append(args, extra...)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "EXPLORER_ADMIN_PASSWORD="+adminPassword)
	var log lockedBuffer
	cmd.Stdout, cmd.Stderr = &log, &log
	began := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &server{cmd: cmd, bin: bin, data: data, base: "http://" + addr, log: &log, database: pg.dsn, dbPID: pg.pid}
	deadline := began.Add(15 * time.Minute)
	for time.Now().Before(deadline) {
		r, err := http.Get(s.base + "/readyz")
		if err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return s, time.Since(began), nil
			}
		}
		if cmd.ProcessState != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.stop()
	return nil, 0, fmt.Errorf("the server was not ready in time: %s", tail(log.String()))
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// stop ends the server with SIGTERM (SIGKILL after 30 s).
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

// stopAndRemove stops the server and removes its data folder (one a
// phase made for it alone).
func (s *server) stopAndRemove() {
	s.stop()
	os.RemoveAll(s.data)
}

// rss is the server's resident memory in bytes.
func (s *server) rss() int64 { return s.status("VmRSS:") }

// status is a memory figure of the server's /proc status (a line such
// as "VmRSS: 1234 kB"), in bytes.
func (s *server) status(field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// dbCPU is the CPU time the server's PostgreSQL used so far (its
// postmaster and backends); 0 on SQLite, which runs in the server.
func (s *server) dbCPU() time.Duration {
	if s.dbPID == 0 {
		return 0
	}
	d, _ := load.TreeCPU(s.dbPID)
	return d
}

// cpu is the user and system CPU time the server used so far.
func (s *server) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name (which may hold spaces) in parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("unreadable /proc stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("unreadable /proc stat")
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / ticks, nil
}
