package load

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// TreeCPU is the CPU time used so far by process pid, its live children
// and its children that have ended and were waited for (cutime and cstime
// of /proc/PID/stat): the whole of a PostgreSQL server when pid is its
// postmaster, whose backends are its children.
func TreeCPU(pid int) (time.Duration, error) {
	f, err := statFields(pid)
	if err != nil {
		return 0, err
	}
	total := ticks(f[11]) + ticks(f[12]) + ticks(f[13]) + ticks(f[14])
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil || child == pid {
			continue
		}
		cf, err := statFields(child)
		if err != nil || cf[1] != strconv.Itoa(pid) {
			continue // gone meanwhile, or another's
		}
		total += ticks(cf[11]) + ticks(cf[12])
	}
	return total, nil
}

// statFields are the fields of /proc/PID/stat after the command name
// (state first, then ppid, ...).
func statFields(pid int) ([]string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil, err
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil, errors.New("unreadable /proc stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return nil, errors.New("unreadable /proc stat")
	}
	return f, nil
}

// ticks reads a count of USER_HZ ticks (10 ms on Linux); 0 if unreadable.
func ticks(s string) time.Duration {
	n, _ := strconv.ParseInt(s, 10, 64)
	return time.Duration(n) * 10 * time.Millisecond
}
