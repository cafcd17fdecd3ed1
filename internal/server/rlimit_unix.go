//go:build unix

package server

import "syscall"

// RaiseFileLimit raises the soft limit of open files to the hard one and
// returns the limit in force (0 when it cannot be read). Go raises it at
// start on Linux already; this makes it explicit, on every Unix.
func RaiseFileLimit() (uint64, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, err
	}
	if rl.Cur >= rl.Max {
		return rl.Cur, nil
	}
	want := rl
	want.Cur = rl.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		// macOS refuses an unlimited hard limit as the soft one.
		return rl.Cur, err
	}
	return want.Cur, nil
}
