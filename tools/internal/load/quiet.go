package load

import (
	"fmt"
	"time"
)

// A started server builds its word space caches in the background for a
// few seconds (wordspace.Registry.WarmCaches, ~2.7 s of CPU on a 2-core
// machine): measured during that, a phase is charged with it, and which
// phase is a matter of timing (it fell on PostgreSQL's PUTs and not on
// SQLite's, in dbbench). WaitQuiet waits until the server uses at most
// quietShare of a CPU over two windows in a row, at most quietLimit.
const (
	quietWindow = 500 * time.Millisecond
	quietShare  = 0.04
	quietLimit  = time.Minute
)

// WaitQuiet waits until process pid is quiet (see quietShare).
func WaitQuiet(pid int) error {
	deadline := time.Now().Add(quietLimit)
	prev, err := ProcCPU(pid)
	if err != nil {
		return err
	}
	calm := 0
	for calm < 2 {
		if time.Now().After(deadline) {
			return fmt.Errorf("the server stayed busy for %s after start", quietLimit)
		}
		time.Sleep(quietWindow)
		cur, err := ProcCPU(pid)
		if err != nil {
			return err
		}
		if float64(cur-prev) <= quietShare*float64(quietWindow) {
			calm++
		} else {
			calm = 0
		}
		prev = cur
	}
	return nil
}
