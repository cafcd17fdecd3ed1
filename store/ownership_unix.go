//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// fileOwner is the owner, group and permission bits a database file
// must have for the service to open it.
type fileOwner struct {
	uid, gid int
	mode     os.FileMode
}

// ownerFor is what the database at dbPath must keep: the existing
// database's owner, group and mode, else the data directory's owner and
// group with mode 0600.
func ownerFor(dbPath, dir string) (fileOwner, error) {
	if st, err := os.Stat(dbPath); err == nil {
		s := st.Sys().(*syscall.Stat_t)
		return fileOwner{uid: int(s.Uid), gid: int(s.Gid), mode: st.Mode().Perm()}, nil
	}
	st, err := os.Stat(dir)
	if err != nil {
		return fileOwner{}, err
	}
	s := st.Sys().(*syscall.Stat_t)
	return fileOwner{uid: int(s.Uid), gid: int(s.Gid), mode: 0o600}, nil
}

// apply gives path o's owner, group and mode. A process that may not
// give files away (not root) and whose file would belong to someone else
// is refused with what to do instead.
func (o fileOwner) apply(path string) error {
	if err := os.Chmod(path, o.mode); err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	s := st.Sys().(*syscall.Stat_t)
	if int(s.Uid) == o.uid && int(s.Gid) == o.gid {
		return nil
	}
	if err := os.Chown(path, o.uid, o.gid); err != nil {
		if errors.Is(err, os.ErrPermission) {
			return fmt.Errorf("the database must belong to %s but this command runs as %s and may not give it away; run it as that user (sudo -u %s explorer restore …)",
				userName(o.uid), userName(os.Getuid()), userName(o.uid))
		}
		return err
	}
	return nil
}

// userName names a uid: its name and number, or the number alone.
func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return u.Username + " (uid " + strconv.Itoa(uid) + ")"
	}
	return "uid " + strconv.Itoa(uid)
}

// groupName names a gid like userName.
func groupName(gid int) string {
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		return g.Name
	}
	return "gid " + strconv.Itoa(gid)
}

// describeFile says who owns path and its mode, and who this process
// runs as, for an error about a database the service cannot open.
func describeFile(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Sprintf("%s cannot be read (%v); the server runs as %s", path, errors.Unwrap(err), userName(os.Getuid()))
	}
	s := st.Sys().(*syscall.Stat_t)
	return fmt.Sprintf("%s is owned by %s, group %s, mode %04o; the server runs as %s",
		path, userName(int(s.Uid)), groupName(int(s.Gid)), st.Mode().Perm(), userName(os.Getuid()))
}
