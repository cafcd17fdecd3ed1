package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"explorer"
	"explorer/store"
	"explorer/wordspace"
)

// importProjectSpaceFiles moves the project spaces that earlier versions
// kept in DATA/project-spaces (ACCOUNT-PROJECT.wordspace) into the
// database, where every instance reads them (issue 33), once at start: a
// file of a project that still exists and has no stored space is stored
// (its size was charged already: the charge does not change), every file
// is then removed, and the folder when empty. Failures are logged.
func importProjectSpaceFiles(ctx context.Context, db *store.DB, data string, logger *slog.Logger) {
	dir := filepath.Join(data, "project-spaces")
	files, _ := filepath.Glob(filepath.Join(dir, "*.wordspace"))
	for _, f := range files {
		if err := importProjectSpaceFile(ctx, db, f); err != nil {
			logger.Warn("a project space file of an earlier version was not kept", "file", filepath.Base(f), "err", err)
		} else if err := os.Remove(f); err != nil {
			logger.Warn("removing a project space file moved into the database", "file", filepath.Base(f), "err", err)
		}
	}
	if len(files) > 0 {
		logger.Info("project space files moved into the database", "files", len(files))
	}
	os.Remove(dir) // only when empty
}

// importProjectSpaceFile stores the space of file f (named
// ACCOUNT-PROJECT.wordspace) unless its project is gone or has one (a
// space built since is newer and kept).
func importProjectSpaceFile(ctx context.Context, db *store.DB, f string) error {
	var account, project int64
	if _, err := fmt.Sscanf(filepath.Base(f), "%d-%d.wordspace", &account, &project); err != nil {
		return fmt.Errorf("not a project space file name")
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	lang, err := wordspace.FileLanguage(data)
	if err != nil {
		return err
	}
	if err := db.ImportProjectSpace(ctx, project, account, lang, data); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return err
	}
	return nil // the project is gone: its file goes
}
