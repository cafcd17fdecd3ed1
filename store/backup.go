package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	explorer "explorer"
)

// errPostgresBackup answers backup and restore on PostgreSQL.
var errPostgresBackup = explorer.Errorf(explorer.EUNSUPPORTED,
	"backups of a PostgreSQL database are made with pg_dump and restored with pg_restore (see the README)")

// Backup writes a consistent copy of the database to path, which must not
// exist (see BackupSQLite). On PostgreSQL it answers EUNSUPPORTED.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.path == "" {
		return errPostgresBackup
	}
	return BackupSQLite(ctx, db.path, path)
}

// BackupSQLite writes a consistent copy of the SQLite database at src to
// dest with VACUUM INTO, through a connection of its own with the store's
// pragmas: it reads one snapshot while servers keep writing (WAL). The copy
// is written beside dest under a temporary name, synced and renamed, so
// that dest is either absent or complete. dest must not exist.
func BackupSQLite(ctx context.Context, src, dest string) error {
	if _, err := os.Lstat(dest); err == nil {
		return explorer.Errorf(explorer.ECONFLICT, "%s exists; give the name of a new file", dest)
	}
	if err := checkExplorerDB(ctx, src, false); err != nil {
		return interrupted(ctx, dest, err)
	}
	tmp, err := tempName(filepath.Dir(dest), tempPattern(dest, partialMarker))
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	// The copy holds every password hash and second-factor secret: only
	// its owner reads it (VACUUM INTO writes into an empty file as it is).
	if err := os.WriteFile(tmp, nil, 0o600); err != nil {
		return explorer.Internal(err)
	}
	// Not query_only: SQLite counts VACUUM INTO as a write, though it
	// only reads the source.
	conn, err := sql.Open("sqlite", sqliteDSN(src))
	if err != nil {
		return explorer.Internal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		return interrupted(ctx, dest, explorer.Internal(fmt.Errorf("VACUUM INTO: %w", err)))
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return explorer.Internal(err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		return explorer.Internal(err)
	}
	return syncDir(filepath.Dir(dest))
}

// interrupted is err, or the error of a backup to dest whose context
// ended (an interrupted command).
func interrupted(ctx context.Context, dest string, err error) error {
	if ctx.Err() != nil {
		return explorer.Errorf(explorer.EUNAVAILABLE, "the backup was interrupted; nothing was written to %s", dest)
	}
	return err
}

// checkExplorerDB checks that path is an explorer SQLite database: it
// exists, has schema_migrations, and no migration this binary lacks. For a
// copy being restored, PRAGMA integrity_check must also answer ok and its
// schema must be exactly the one of its migrations (checkSchema).
func checkExplorerDB(ctx context.Context, path string, restoring bool) error {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return explorer.Errorf(explorer.ENOTFOUND, "no database file at %s", path)
	}
	conn, err := sql.Open("sqlite", sqliteDSN(path)+"&_pragma=query_only(ON)")
	if err != nil {
		return explorer.Internal(err)
	}
	defer conn.Close()
	if restoring {
		if err := integrityCheck(ctx, conn); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	var newest int
	if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&newest); err != nil {
		return explorer.Errorf(explorer.EINVALID, "%s is not an explorer database (no schema_migrations table)", path)
	}
	list, err := loadMigrations()
	if err != nil {
		return explorer.Internal(err)
	}
	if known := list[len(list)-1].version; newest > known {
		return explorer.Errorf(explorer.EINVALID, "%s is at migration %d, this binary knows up to %d: use a newer explorer", path, newest, known)
	}
	if restoring {
		return checkSchema(ctx, conn)
	}
	return nil
}

// integrityCheck runs PRAGMA integrity_check: nil when it answers ok.
func integrityCheck(ctx context.Context, conn *sql.DB) error {
	rows, err := conn.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return explorer.Errorf(explorer.EINVALID, "not a readable SQLite database: %v", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return explorer.Internal(err)
		}
		if line != "ok" && len(problems) < 5 {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return explorer.Errorf(explorer.EINVALID, "not a readable SQLite database: %v", err)
	}
	if len(problems) > 0 {
		return explorer.Errorf(explorer.EINVALID, "integrity_check failed: %s", strings.Join(problems, "; "))
	}
	return nil
}

// IntegrityCheck runs PRAGMA integrity_check on the SQLite file at path.
func IntegrityCheck(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", sqliteDSN(path))
	if err != nil {
		return explorer.Internal(err)
	}
	defer conn.Close()
	return integrityCheck(ctx, conn)
}

// tempName returns the name of a new, absent file in dir matching pattern.
func tempName(dir, pattern string) (string, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", explorer.Internal(err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return "", explorer.Internal(err)
	}
	return name, nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return explorer.Internal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return explorer.Internal(err)
	}
	return nil
}

// syncDir makes a rename in dir durable (where the system allows it).
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return explorer.Internal(err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return explorer.Internal(err)
	}
	return nil
}

// copyFile copies src to the new file dest and syncs it.
func copyFile(src, dest string) error {
	in, err := os.Open(src)
	if err != nil {
		return explorer.Errorf(explorer.ENOTFOUND, "cannot read %s: %v", src, err)
	}
	defer in.Close()
	out, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return explorer.Internal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return explorer.Internal(err)
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return explorer.Internal(err)
	}
	if err := out.Close(); err != nil {
		return explorer.Internal(err)
	}
	return nil
}
