package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the driver "pgx"
	_ "modernc.org/sqlite"             // registers the driver "sqlite"

	"explorer/tools/internal/load"
)

// dbSize is the size of the server's database: SQLite's pages as a
// reader sees them (the WAL's frames included, whether checkpointed or
// not), or PostgreSQL's pg_database_size.
func dbSize(b backend, srv *load.Server) (int64, error) {
	driver, dsn := "pgx", b.dsn
	query := `SELECT pg_database_size(current_database())`
	if b.dsn == "" {
		path := filepath.Join(srv.DataDir(), "explorer.db")
		driver, dsn = "sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro"
		query = `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int64
	if err := db.QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		return 0, fmt.Errorf("database size: %w", err)
	}
	return n, nil
}
