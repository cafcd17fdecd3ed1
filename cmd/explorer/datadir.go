package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"explorer/internal/datadir"
	"explorer/store"
)

// holdDataDir prepares the data directory for serve: with SQLite (sqlite
// true) it takes the directory's lock for the server's lifetime, so that
// restore and a second server refuse it, and empties its temporary folder
// of files a killed server left. The folder becomes the process's TMPDIR.
// It returns the temporary folder.
func holdDataDir(data string, sqlite bool) (*datadir.Lock, string, error) {
	tmp := filepath.Join(data, "tmp")
	var lock *datadir.Lock
	if sqlite {
		var err error
		lock, err = datadir.Acquire(data)
		switch {
		case errors.Is(err, errors.ErrUnsupported):
			// No flock here: serve without the guard; restore refuses.
		case err != nil:
			if errors.Is(err, datadir.ErrHeld) {
				return nil, "", fmt.Errorf("%w; one server serves one data directory", err)
			}
			return nil, "", err
		default:
			// Nobody else uses the folder while the lock is held.
			_ = os.RemoveAll(tmp)
		}
	}
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		lock.Release()
		return nil, "", err
	}
	// Temporary files of the process (multipart uploads spilled to disk,
	// workbooks being written) go to the data directory's own folder, so
	// that what a killed server left is cleared at the next start.
	if err := os.Setenv("TMPDIR", tmp); err != nil {
		lock.Release()
		return nil, "", err
	}
	return lock, tmp, nil
}

// openExisting opens the database of a command other than serve and
// restore: the PostgreSQL database of url, or the SQLite database of the
// data directory, which must exist. Opening a missing one would create an
// empty database there, and the command would seem to work on a server
// that never sees its changes.
func openExisting(ctx context.Context, data, url string) (*store.DB, error) {
	if url == "" {
		if err := needDatabase(data); err != nil {
			return nil, err
		}
	}
	return openStore(ctx, data, url)
}

// needDatabase reports a data directory without a SQLite database.
func needDatabase(data string) error {
	if _, err := os.Stat(sqlitePath(data)); errors.Is(err, fs.ErrNotExist) {
		d := shellArg(data)
		return fmt.Errorf("no database in %s; start explorer serve --data %s first, or pass --data with the server's data directory (or --database for PostgreSQL)", d, d)
	}
	return nil
}

// shellArg quotes s for a shell command line when it needs quoting.
func shellArg(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:=@,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// absDir is dir made absolute, for a hint that works from any directory.
func absDir(dir string) string {
	if a, err := filepath.Abs(dir); err == nil {
		return a
	}
	return dir
}
