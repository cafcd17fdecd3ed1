package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"explorer/internal/datadir"
)

// holdDataDir prepares the data directory for serve: with SQLite (sqlite
// true) it takes the directory's lock for the server's lifetime, so that
// restore and a second server refuse it, and empties its temporary folder
// of files a killed server left. It returns the temporary folder.
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
	return lock, tmp, nil
}
