package load

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Postgres is a throwaway PostgreSQL a bench started: DSN is its URL, PID
// its postmaster's process id (whose children are its backends: TreeCPU
// of it is the whole server's CPU).
type Postgres struct {
	DSN string
	PID int
}

// StartPostgres starts a throwaway PostgreSQL with script (the
// repository's .ci/postgres.sh: start DIR prints its URL, stop DIR ends
// it) in a fresh directory, and returns it with the function that stops
// it and removes the directory.
func StartPostgres(script string) (Postgres, func(), error) {
	dir, err := os.MkdirTemp("", "bench-pg-")
	if err != nil {
		return Postgres{}, nil, err
	}
	stop := func() {
		_ = exec.Command(script, "stop", dir).Run()
		os.RemoveAll(dir)
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(script, "start", dir)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		stop()
		return Postgres{}, nil, fmt.Errorf("%s start: %w: %s", script, err, errOut.String())
	}
	// The first line of postmaster.pid is the postmaster's process id.
	b, err := os.ReadFile(filepath.Join(dir, "data", "postmaster.pid"))
	if err != nil {
		stop()
		return Postgres{}, nil, err
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || pid <= 0 {
		stop()
		return Postgres{}, nil, errors.New("no postmaster pid")
	}
	return Postgres{DSN: strings.TrimSpace(out.String()), PID: pid}, stop, nil
}
