package main

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

// backend is a database the server is started on: dsn empty for SQLite;
// pid is PostgreSQL's postmaster (0 for SQLite).
type backend struct {
	name, dsn string
	pid       int
}

// postgresOf is the PostgreSQL that c names: one started by c.script, or
// the database of the URL c.postgres (its processes not measured).
func postgresOf(c config) (backend, func(), error) {
	if strings.HasPrefix(c.postgres, "postgres://") || strings.HasPrefix(c.postgres, "postgresql://") {
		return backend{name: "PostgreSQL", dsn: c.postgres}, func() {}, nil
	}
	if c.postgres != "start" {
		return backend{}, nil, fmt.Errorf("-postgres %q: start, off or a postgres:// URL", c.postgres)
	}
	return startPostgres(c.script)
}

// startPostgres starts a throwaway PostgreSQL with script (start DIR,
// printing its URL) and returns it with the function that stops it and
// removes its directory.
func startPostgres(script string) (backend, func(), error) {
	dir, err := os.MkdirTemp("", "dbbench-pg-")
	if err != nil {
		return backend{}, nil, err
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
		return backend{}, nil, fmt.Errorf("%s start: %w: %s", script, err, errOut.String())
	}
	// The first line of postmaster.pid is the postmaster's process id.
	b, err := os.ReadFile(filepath.Join(dir, "data", "postmaster.pid"))
	if err != nil {
		stop()
		return backend{}, nil, err
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || pid <= 0 {
		stop()
		return backend{}, nil, errors.New("no postmaster pid")
	}
	return backend{name: "PostgreSQL", dsn: strings.TrimSpace(out.String()), pid: pid}, stop, nil
}
