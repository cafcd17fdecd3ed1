package explorer

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
)

// AdminName is the user the first start creates.
const AdminName = "admin"

// The first start's random admin password is written to a file readable
// only by the server's user (Options.InitialPasswordFile), never to a log,
// and the file lives until that password is changed: by the page, the
// interface or the CLI (all through SetPassword), or, seen at the next
// start, by another instance or a CLI given another data directory.

// writeInitialPassword writes pw to the initial password file, replacing a
// stale one, with mode 0600.
func (s *Service) writeInitialPassword(pw string) error {
	path := s.initialPasswordFile
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Internal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return Internal(err)
	}
	_, err = f.WriteString(pw + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return Internal(err)
	}
	return nil
}

// forgetInitialPassword removes the initial password file, if any, saying
// why in the log.
func (s *Service) forgetInitialPassword(why string) {
	path := s.initialPasswordFile
	if path == "" {
		return
	}
	err := os.Remove(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		s.log.Warn("removing the initial admin password file", "file", path, "err", err)
	default:
		s.log.Info("removed the initial admin password file: "+why, "file", path)
	}
}

// CheckInitialPassword removes the initial password file when it no
// longer holds the password of admin (changed elsewhere, or admin gone).
// The server calls it at start.
func (s *Service) CheckInitialPassword(ctx context.Context) error {
	if s.initialPasswordFile == "" {
		return nil
	}
	b, err := os.ReadFile(s.initialPasswordFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return Internal(err)
	}
	u, err := s.store.FindUserByName(ctx, AdminName)
	if ErrorCode(err) == ENOTFOUND {
		s.forgetInitialPassword("there is no user admin")
		return nil
	}
	if err != nil {
		return err
	}
	err = s.hasher.Compare(u.PasswordHash, strings.TrimSpace(string(b)))
	if ErrorCode(err) == EUNAUTHORIZED {
		s.forgetInitialPassword("the password of admin was changed")
		return nil
	}
	return err
}
