// Package datadir guards a data directory: the SQLite server holds an
// operating-system lock on a file in it for its lifetime, and restore
// refuses to touch a directory whose lock is held.
package datadir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockFile is the name of the lock file in a data directory.
const LockFile = "explorer.lock"

// ErrHeld is returned when another process holds the lock.
var ErrHeld = errors.New("the data directory is in use")

// Lock is a held lock on a data directory.
type Lock struct {
	f *os.File
}

// Acquire takes the lock of dir without waiting. The lock is an advisory
// file lock (flock) on dir/explorer.lock: the operating system releases it
// when the holder exits, also when it is killed, so a file left behind by
// a killed server never blocks. The holder's process id is written into
// the file for the message others see.
func Acquire(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := tryLock(f); err != nil {
		f.Close()
		if errors.Is(err, ErrHeld) {
			return nil, heldError(dir, path)
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// heldError names the holder's process id when the file tells it.
func heldError(dir, path string) error {
	b, _ := os.ReadFile(path)
	if pid := strings.TrimSpace(string(b)); pid != "" {
		return fmt.Errorf("%w: an explorer server (process %s) holds %s", ErrHeld, pid, dir)
	}
	return fmt.Errorf("%w: an explorer server holds %s", ErrHeld, dir)
}

// Release gives the lock up.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
