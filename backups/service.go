// Package backups is the backups domain: an admin's consistent copy of
// the database, made while the server keeps serving and recorded in the
// audit log before it is handed out. Package domains wires it beside the
// root Service for the edges.
package backups

import (
	"context"
	"io"
	"os"

	"explorer"
)

// Store is the persistence the backups domain needs: the kernel's store
// and the copy of the database (BackupStore). Package store implements it.
type Store interface {
	explorer.Store
	BackupStore
}

// BackupStore copies the database.
type BackupStore interface {
	// Backup writes a consistent copy of the database to the new file
	// path while others keep writing; EUNSUPPORTED where the database
	// has its own tools (PostgreSQL: pg_dump).
	Backup(ctx context.Context, path string) error
}

// Service makes backups for admins.
type Service struct {
	root    *explorer.Service
	store   Store
	tempDir string
}

// New returns the backups' Service over store, beside root (made over
// the same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	return &Service{root: root, store: store, tempDir: root.Options().TempDir}
}

// Backup is a fresh copy of the database being handed out: read it, then
// Close it, which removes its temporary file.
type Backup struct {
	// Name is the file name to offer, with the date and time (UTC).
	Name string
	Size int64
	f    *os.File
}

// Read reads the copy.
func (b *Backup) Read(p []byte) (int, error) { return b.f.Read(p) }

// Close closes and removes the temporary file.
func (b *Backup) Close() error {
	err := b.f.Close()
	if rerr := os.Remove(b.f.Name()); err == nil && !os.IsNotExist(rerr) {
		err = rerr
	}
	return err
}

var _ io.ReadCloser = (*Backup)(nil)

// Backup makes a consistent copy of the database for an admin, in a
// temporary file of Options.TempDir, while the server keeps serving.
func (s *Service) Backup(ctx context.Context) (*Backup, error) {
	u, err := explorer.Actor(ctx)
	if err != nil {
		return nil, err
	}
	if !u.IsAdmin() {
		return nil, explorer.Errorf(explorer.EFORBIDDEN, "only admins may download backups")
	}
	f, err := os.CreateTemp(s.tempDir, "backup-*.db")
	if err != nil {
		return nil, explorer.Internal(err)
	}
	path := f.Name()
	f.Close()
	os.Remove(path) // VACUUM INTO writes a new file
	if err := s.store.Backup(ctx, path); err != nil {
		os.Remove(path)
		return nil, err
	}
	if f, err = os.Open(path); err != nil {
		os.Remove(path)
		return nil, explorer.Internal(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		os.Remove(path)
		return nil, explorer.Internal(err)
	}
	name := "explorer-backup-" + s.root.Now().Format("2006-01-02-150405") + "Z.db"
	b := &Backup{Name: name, Size: st.Size(), f: f}
	// A copy the audit log cannot record is not handed out.
	if err := s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionBackupDownload, Detail: name}); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}
