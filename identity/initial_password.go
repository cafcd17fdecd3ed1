package identity

import (
	"context"
	"encoding/base64"
	"errors"
	"io/fs"
	"os"
	"strings"

	"explorer"
)

// The first start's random password of AdminName is written to
// a file readable only by the server's user (Options.InitialPasswordFile),
// never to a log, and the file lives until that password is changed: by
// the page, the interface or the CLI (all through the kernel's
// SetPassword, which tells PasswordChanged), or, seen at the next start,
// by another instance or a CLI given another data directory.

// EnsureAdmin creates the user admin with password when the database has
// no users yet. It reports whether it created it. An empty password makes a
// random one, returned so that it can be shown on a terminal, and written
// to Options.InitialPasswordFile when that is set. Instances starting at
// once on one empty database create it once: the one whose insert loses on
// the unique username finds the users there and creates nothing.
func (s *Service) EnsureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	created, pw, err = s.ensureAdmin(ctx, password)
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		return created, pw, err
	}
	if password == "" {
		// The file written before the lost commit holds no one's password.
		s.forgetInitialPassword("another instance created admin")
	}
	if n, cerr := s.store.CountUsers(ctx); cerr != nil || n == 0 {
		return false, "", err
	}
	return false, "", nil
}

func (s *Service) ensureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		n, err := s.store.CountUsers(ctx)
		if err != nil || n > 0 {
			return err
		}
		pw = password
		if pw == "" {
			b, err := explorer.RandomBytes(s.random, 12)
			if err != nil {
				return err
			}
			pw = base64.RawURLEncoding.EncodeToString(b)
		}
		if _, err := s.AddUser(ctx, NewUser{Username: AdminName, Password: pw, Role: explorer.RoleAdmin}); err != nil {
			return err
		}
		created = true
		if password != "" {
			return nil
		}
		// Written before the commit: no admin whose password is nowhere.
		return s.writeInitialPassword(pw)
	})
	return created, pw, err
}

// writeInitialPassword writes pw to the initial password file, replacing a
// stale one, with mode 0600.
func (s *Service) writeInitialPassword(pw string) error {
	path := s.initialPasswordFile
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return explorer.Internal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return explorer.Internal(err)
	}
	_, err = f.WriteString(pw + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return explorer.Internal(err)
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
		return explorer.Internal(err)
	}
	u, err := s.store.FindUserByName(ctx, AdminName)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		s.forgetInitialPassword("there is no user admin")
		return nil
	}
	if err != nil {
		return err
	}
	err = s.hasher.Compare(u.PasswordHash, strings.TrimSpace(string(b)))
	if explorer.ErrorCode(err) == explorer.EUNAUTHORIZED {
		s.forgetInitialPassword("the password of admin was changed")
		return nil
	}
	return err
}
