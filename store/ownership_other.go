//go:build !unix

package store

import "os"

// fileOwner is the mode a database file keeps (owners are Unix's).
type fileOwner struct{ mode os.FileMode }

func ownerFor(dbPath, dir string) (fileOwner, error) {
	if st, err := os.Stat(dbPath); err == nil {
		return fileOwner{mode: st.Mode().Perm()}, nil
	}
	return fileOwner{mode: 0o600}, nil
}

func (o fileOwner) apply(path string) error { return os.Chmod(path, o.mode) }

func describeFile(path string) string { return path + " cannot be opened by the server" }
