//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package datadir

import (
	"errors"
	"fmt"
	"os"
)

// tryLock fails where flock is not available: restore then refuses, and
// serve says why.
func tryLock(*os.File) error {
	return fmt.Errorf("data directory locks need flock: %w", errors.ErrUnsupported)
}
