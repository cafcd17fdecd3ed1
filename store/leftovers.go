package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	explorer "explorer"
)

// A backup writes FILE.partial-PID-N beside FILE, a restore writes
// explorer.db.restoring-PID-N beside the database (PID is the process's
// id, N random); both are renamed into place or removed when done. A
// process killed on the way (kill -9, a power cut) leaves them, with the
// -wal, -shm or -journal files SQLite may have made beside them.

const (
	partialMarker   = ".partial-"
	restoringMarker = ".restoring-"
)

// tempPattern is the os.CreateTemp pattern of the temporary copy of
// target: target.partial-PID-* or target.restoring-PID-*.
func tempPattern(target, marker string) string {
	return filepath.Base(target) + marker + strconv.Itoa(os.Getpid()) + "-*"
}

// Leftover is a file RemoveLeftovers removed.
type Leftover struct {
	Path string
	Size int64
}

// PartialIdle is how long a backup's partial file must have gone
// unwritten, besides its process having gone, before it is removed: a
// running VACUUM INTO writes all the time, so the time guards a backup
// whose process id is not visible here (another PID namespace sharing the
// folder). Names without a process id (explorers before this rule) wait
// OldPartialIdle instead.
const (
	PartialIdle    = time.Minute
	OldPartialIdle = time.Hour
)

// RemoveLeftovers removes from the folder of the SQLite database dbPath
// the files killed backups and restores left there: every restoring copy
// of dbPath, since the caller holds the data directory's lock, which a
// running restore holds too; and every stale partial backup (see
// stalePartial), of any name. It returns what it removed.
func RemoveLeftovers(dbPath string, now time.Time) ([]Leftover, error) {
	db := filepath.Base(dbPath)
	return sweep(filepath.Dir(dbPath), func(name string, info fs.FileInfo) bool {
		if base, _, ok := parseTemp(name, restoringMarker); ok && base == db {
			return true
		}
		_, ok := stalePartial(name, info, now)
		return ok
	})
}

// RemoveBackupLeftovers removes the stale partial files of earlier
// backups to dest (dest.partial-*) from its folder.
func RemoveBackupLeftovers(dest string, now time.Time) ([]Leftover, error) {
	want := filepath.Base(dest)
	return sweep(filepath.Dir(dest), func(name string, info fs.FileInfo) bool {
		base, ok := stalePartial(name, info, now)
		return ok && base == want
	})
}

// stalePartial reports whether name is a partial file of a backup to base
// whose process no longer runs and which has not been written for
// PartialIdle (OldPartialIdle when the name has no process id).
func stalePartial(name string, info fs.FileInfo, now time.Time) (base string, stale bool) {
	base, pid, ok := parseTemp(name, partialMarker)
	switch {
	case !ok:
		return "", false
	case pid == 0:
		return base, now.Sub(info.ModTime()) >= OldPartialIdle
	}
	return base, !processRunning(pid) && now.Sub(info.ModTime()) >= PartialIdle
}

// parseTemp reads a temporary name BASE+marker+"PID-N" or, of an older
// explorer, BASE+marker+"N", each maybe followed by -wal, -shm or
// -journal. It answers BASE, the process id (0 in the older form) and
// whether name has that form.
func parseTemp(name, marker string) (base string, pid int, ok bool) {
	i := strings.LastIndex(name, marker)
	if i <= 0 {
		return "", 0, false
	}
	base, rest := name[:i], name[i+len(marker):]
	for _, ext := range []string{"-wal", "-shm", "-journal"} {
		rest = strings.TrimSuffix(rest, ext)
	}
	p, n, two := strings.Cut(rest, "-")
	if !two {
		return base, 0, digits(p)
	}
	if !digits(p) || !digits(n) {
		return "", 0, false
	}
	pid, err := strconv.Atoi(p)
	return base, pid, err == nil && pid > 0
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// sweep removes the regular files of dir that stale accepts.
func sweep(dir string, stale func(name string, info fs.FileInfo) bool) ([]Leftover, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, explorer.Internal(err)
	}
	var out []Leftover
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || !stale(e.Name(), info) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return out, explorer.Internal(err)
		}
		out = append(out, Leftover{Path: path, Size: info.Size()})
	}
	return out, nil
}
