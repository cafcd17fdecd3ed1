package main

import (
	"fmt"
	"strings"

	"explorer/tools/internal/load"
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
	pg, stop, err := load.StartPostgres(c.script)
	return backend{name: "PostgreSQL", dsn: pg.DSN, pid: pg.PID}, stop, err
}
