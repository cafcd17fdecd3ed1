package explorer

import (
	"context"
	"io"
	"os"
)

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
	u, err := Actor(ctx)
	if err != nil {
		return nil, err
	}
	if !u.IsAdmin() {
		return nil, Errorf(EFORBIDDEN, "only admins may download backups")
	}
	f, err := os.CreateTemp(s.tempDir, "backup-*.db")
	if err != nil {
		return nil, Internal(err)
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
		return nil, Internal(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		os.Remove(path)
		return nil, Internal(err)
	}
	name := "explorer-backup-" + s.clock.Now().Format("2006-01-02-150405") + "Z.db"
	b := &Backup{Name: name, Size: st.Size(), f: f}
	// A copy the audit log cannot record is not handed out.
	if err := s.audit(ctx, ActionBackupDownload, "", name); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}
