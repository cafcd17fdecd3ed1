//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// processRunning reports whether a process with id pid exists (signal 0
// checks without sending anything; EPERM means it exists under another
// user).
func processRunning(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
