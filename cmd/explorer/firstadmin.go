package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"explorer/identity"

	"golang.org/x/term"
)

// initialPasswordName is the file of the data directory holding the first
// start's random admin password until it is changed.
const initialPasswordName = "initial-admin-password"

// initialPasswordPath is the initial password file of a data directory.
func initialPasswordPath(data string) string {
	return filepath.Join(data, initialPasswordName)
}

// firstAdmin creates the user admin on an empty database: with the
// password of EXPLORER_ADMIN_PASSWORD, or a random one that the service
// writes to the data directory's initial-admin-password (mode 0600). The
// log names the file, never the password; the password itself is shown
// only when stderr is a terminal. On later starts a file whose password
// was changed meanwhile is removed.
func firstAdmin(ctx context.Context, svc *identity.Service, stderr io.Writer, logger *slog.Logger, data string) error {
	given := os.Getenv("EXPLORER_ADMIN_PASSWORD")
	created, pw, err := svc.EnsureAdmin(ctx, given)
	if err != nil {
		return err
	}
	switch {
	case !created:
		return svc.CheckInitialPassword(ctx)
	case given != "":
		logger.Info("created the user admin with the password from EXPLORER_ADMIN_PASSWORD")
	default:
		announceAdmin(stderr, isTerminal(stderr), logger, pw, data)
	}
	return nil
}

// announceAdmin tells where the random password of the new user admin
// is: in the log the file's path, on a terminal the password too.
func announceAdmin(stderr io.Writer, tty bool, logger *slog.Logger, pw, data string) {
	file := initialPasswordPath(data)
	change := "explorer user passwd admin --data " + shellArg(absDir(data))
	logger.Info("created the user admin with a random password, written to a file only this user may read; the file is removed when the password is changed",
		"file", file, "change", change)
	if tty {
		fmt.Fprintf(stderr, "\nCreated the user admin with the password: %s\nIt is also in %s until you change it with: %s\n\n", pw, file, change)
	}
}

// isTerminal reports whether w is a terminal (the password may be shown
// there, never in a log file, pipe or journal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
