//go:build !unix

package store

import "os"

// processRunning reports whether a process with id pid exists: where
// FindProcess opens the process (Windows), it fails for one that is gone.
func processRunning(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
