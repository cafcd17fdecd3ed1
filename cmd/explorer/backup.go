package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	explorer "explorer"
	"explorer/internal/datadir"
	"explorer/store"
)

// errPostgresBackup answers backup and restore with --database.
var errPostgresBackup = errors.New("backup and restore work on the SQLite database of a data directory; " +
	"back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (see the README)")

// backupCommand writes a consistent copy of the SQLite database of the data
// directory to FILE, also while a server writes to it. It first removes
// the stale partial files of earlier backups to FILE (see
// store.RemoveBackupLeftovers).
func backupCommand(args []string, stdout, stderr io.Writer) error {
	data, dest, err := parseFileCommand("backup", args, stderr)
	if err != nil {
		return err
	}
	removed, err := store.RemoveBackupLeftovers(dest, time.Now())
	reportLeftovers(stderr, removed, err)
	// Interrupted (Ctrl-C, a service stopping), the copy stops and its
	// partial file is removed before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	if err := store.BackupSQLite(ctx, sqlitePath(data), dest); err != nil {
		return cliError(err)
	}
	st, err := os.Stat(dest)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup of %s written to %s (%d bytes)\n", data, dest, st.Size())
	return nil
}

// restoreCommand replaces the SQLite database of the data directory with
// the backup FILE. It refuses while a server holds the directory, and
// checks FILE (integrity_check, an explorer database whose schema is
// exactly the one of its migrations) before touching anything; the
// database it replaces is kept beside it. Holding the lock, it first
// removes what killed backups and restores left in the directory.
func restoreCommand(args []string, stdout, stderr io.Writer) error {
	data, file, err := parseFileCommand("restore", args, stderr)
	if err != nil {
		return err
	}
	lock, err := datadir.Acquire(data)
	if err != nil {
		if errors.Is(err, datadir.ErrHeld) {
			return fmt.Errorf("%w; stop it before restoring", err)
		}
		return err
	}
	defer lock.Release()
	removed, err := store.RemoveLeftovers(sqlitePath(data), time.Now())
	reportLeftovers(stderr, removed, err)
	suffix := ".before-restore-" + time.Now().UTC().Format("20060102-150405")
	kept, err := store.RestoreSQLite(context.Background(), file, sqlitePath(data), suffix)
	if err != nil {
		return cliError(err)
	}
	fmt.Fprintf(stdout, "restored %s into %s\n", file, data)
	if kept != "" {
		fmt.Fprintf(stdout, "the replaced database is kept as %s\n", kept)
	}
	err = auditRestore(data, file)
	// Recording opened the database: its -wal and -shm files keep its
	// owner too.
	if kerr := store.KeepOwner(sqlitePath(data)); kerr != nil {
		return cliError(kerr)
	}
	if err != nil {
		return fmt.Errorf("restored, but the audit log could not record it: %w", err)
	}
	return nil
}

// auditRestore records the restore in the audit log of the restored
// database (opening it runs the migrations the server would run).
func auditRestore(data, file string) error {
	ctx := explorer.AsCLI(context.Background())
	db, err := openExisting(ctx, data, "")
	if err != nil {
		return err
	}
	defer db.Close()
	svc := explorer.NewService(db, explorer.Options{})
	return svc.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionDatabaseRestore, Detail: "from " + filepath.Base(file)})
}

// parseFileCommand reads the flags and the one FILE of backup and restore,
// which work on the SQLite database of a data directory only.
func parseFileCommand(name string, args []string, stderr io.Writer) (data, file string, err error) {
	fs := newFlagSet(name, stderr)
	dataDir := dataFlag(fs)
	database := databaseFlag(fs)
	if err := parseFlags(fs, reorder(args)); err != nil {
		return "", "", err
	}
	if fs.NArg() != 1 {
		return "", "", usageError(name + " takes one FILE")
	}
	if *database != "" {
		return "", "", errPostgresBackup
	}
	return *dataDir, fs.Arg(0), nil
}

// sqlitePath is the SQLite database of a data directory.
func sqlitePath(data string) string { return filepath.Join(data, "explorer.db") }
