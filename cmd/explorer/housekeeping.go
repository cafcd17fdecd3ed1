package main

import (
	"fmt"
	"io"
	"log/slog"
	"time"

	"explorer/store"
)

// logMigrations logs one line per migration the opening of the database
// ran, the migration the database is at, and the notice of a search
// without its text index.
func logMigrations(logger *slog.Logger, db *store.DB) {
	applied, version := db.Migrations()
	for _, m := range applied {
		logger.Info("applied migration", "migration", m.Version, "name", m.Name, "took", m.Took.Round(time.Millisecond))
	}
	logger.Info("database schema", "migration", version, "applied_now", len(applied))
	if notice := db.SearchNotice(); notice != "" {
		logger.Warn(notice, "fix", "install PostgreSQL's contrib module and CREATE EXTENSION pg_trgm as a superuser; the next start makes the indexes")
	}
}

// serveLeftovers removes, at the start of serve on SQLite (which holds the
// data directory's lock), what killed backups and restores left in the
// data directory, logging each file; a failure is logged, not fatal.
func serveLeftovers(logger *slog.Logger, c serveConfig) {
	if c.Database != "" {
		return
	}
	removed, err := store.RemoveLeftovers(sqlitePath(c.Data), time.Now())
	for _, l := range removed {
		logger.Info("removed a leftover of an interrupted backup or restore", "file", l.Path, "bytes", l.Size)
	}
	if err != nil {
		logger.Warn("removing leftovers of interrupted backups and restores", "err", err)
	}
}

// reportLeftovers tells on w what a backup or restore command removed.
func reportLeftovers(w io.Writer, removed []store.Leftover, err error) {
	for _, l := range removed {
		fmt.Fprintf(w, "removed %s, left by an interrupted backup or restore (%d bytes)\n", l.Path, l.Size)
	}
	if err != nil {
		fmt.Fprintf(w, "explorer: removing leftovers of interrupted backups and restores: %v\n", err)
	}
}
