package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	explorer "explorer"
)

// RestoreSQLite replaces the SQLite database at dbPath with a copy of the
// backup file src. The copy is made beside dbPath and checked first
// (PRAGMA integrity_check; an explorer database no newer than this
// binary whose schema is exactly the one of its migrations, checkSchema);
// src itself is only read. A database already at dbPath is kept,
// with its -wal and -shm files, renamed with keepSuffix; kept names it
// ("" when there was none). The caller holds the data directory's lock, so
// that no server has the database open.
func RestoreSQLite(ctx context.Context, src, dbPath, keepSuffix string) (kept string, err error) {
	dir := filepath.Dir(dbPath)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", explorer.Internal(err)
	}
	tmp, err := tempName(dir, tempPattern(dbPath, restoringMarker))
	if err != nil {
		return "", err
	}
	defer removeDBFiles(tmp)
	if err := copyFile(src, tmp); err != nil {
		return "", err
	}
	if err := checkExplorerDB(ctx, tmp, true); err != nil {
		return "", explorer.Errorf(explorer.EINVALID, "%s cannot be restored: %s", src, explorer.ErrorMessage(err))
	}
	// The service (its own user) must be able to open what is restored,
	// also when root restores: the copy takes the replaced database's
	// owner, group and mode (or the directory's owner, mode 0600), and a
	// copy that cannot be given them is not put in place.
	owner, err := ownerFor(dbPath, dir)
	if err != nil {
		return "", explorer.Internal(err)
	}
	if err := owner.apply(tmp); err != nil {
		return "", explorer.Errorf(explorer.EFORBIDDEN, "%s was not restored: %v", src, err)
	}
	if _, err := os.Stat(dbPath); err == nil {
		kept = dbPath + keepSuffix
		for _, ext := range []string{"", "-wal", "-shm"} {
			if err := os.Rename(dbPath+ext, kept+ext); err != nil && !errors.Is(err, os.ErrNotExist) {
				return "", explorer.Internal(err)
			}
		}
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		return kept, explorer.Internal(err)
	}
	return kept, syncDir(dir)
}

// KeepOwner gives the -wal and -shm files of the database at dbPath, when
// there are any, the database's owner, group and mode: a command run as
// root that opened the restored database (to record the restore) must
// not leave files the service cannot open.
func KeepOwner(dbPath string) error {
	owner, err := ownerFor(dbPath, filepath.Dir(dbPath))
	if err != nil {
		return explorer.Internal(err)
	}
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(dbPath + ext); err != nil {
			continue
		}
		if err := owner.apply(dbPath + ext); err != nil {
			return explorer.Errorf(explorer.EFORBIDDEN, "%s%s: %v", dbPath, ext, err)
		}
	}
	return nil
}

// removeDBFiles removes a database file and its -wal and -shm files.
func removeDBFiles(path string) {
	for _, ext := range []string{"", "-wal", "-shm"} {
		_ = os.Remove(path + ext)
	}
}
