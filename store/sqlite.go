package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	explorer "explorer"
	_ "modernc.org/sqlite" // registers the driver "sqlite"
)

// OpenSQLite opens (creating when needed) the SQLite database at path and
// runs the pending migrations.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	return openSQLite(ctx, path, math.MaxInt)
}

// openSQLite is OpenSQLite running the migrations up to number last.
func openSQLite(ctx context.Context, path string, last int) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, explorer.Internal(fmt.Errorf("creating the data directory: %w", err))
	}
	base := sqliteDSN(path)
	// The writer keeps its temporary files in memory: a statement that
	// inserts many rows in a transaction (model parts, project rows)
	// journals the pages it touches, which cost a write call each in a file.
	write, err := sql.Open("sqlite", base+"&_txlock=immediate&_pragma=temp_store(MEMORY)")
	if err != nil {
		return nil, explorer.Internal(err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	read, err := sql.Open("sqlite", base+"&_pragma=query_only(ON)")
	if err != nil {
		write.Close()
		return nil, explorer.Internal(err)
	}
	n := sqliteReaders()
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	db := &DB{write: write, read: read, dialect: sqliteDialect{}, path: path}
	if err := db.migrate(ctx, last); err != nil {
		db.Close()
		return nil, cannotOpen(path, err)
	}
	return db, nil
}

// sqliteReaders is the most connections of the read pool.
func sqliteReaders() int { return max(4, runtime.NumCPU()*2) }

// ReleaseIdle lets go of what the store keeps only to be faster, when
// the server is idle (to return memory): the part cache (partCache, on
// both databases; the next versions stored learn their parts again) and
// on SQLite the idle connections of the read pool, each of which keeps a
// page cache of up to 2 MiB in SQLite's own allocator (the next reads
// open them again, the statements prepared anew on each).
func (db *DB) ReleaseIdle() {
	db.parts.clear()
	if db.path == "" {
		return
	}
	db.read.SetMaxIdleConns(0)
	db.read.SetMaxIdleConns(sqliteReaders())
}

// cannotOpen adds to an error of opening the database at path, when the
// file is there but cannot be opened or written (SQLite's "unable to open
// database file", "readonly database", permission denied), who owns it,
// its mode and the user the process runs as: the usual cause is a file
// left by a command run as another user (root).
func cannotOpen(path string, err error) error {
	msg := strings.ToLower(err.Error())
	for _, s := range []string{"unable to open", "readonly database", "permission denied", "attempt to write a readonly"} {
		if strings.Contains(msg, s) {
			cause := err
			if u := errors.Unwrap(err); u != nil {
				cause = u
			}
			return explorer.Errorf(explorer.EUNAVAILABLE, "cannot open the database: %s (%v)", describeFile(path), cause)
		}
	}
	return err
}

// sqliteDSN is the data source name of the SQLite file at path with the
// store's pragmas; busy_timeout comes first so that the other pragmas wait
// for locks.
func sqliteDSN(path string) string {
	pragmas := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)"
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + pragmas
}
