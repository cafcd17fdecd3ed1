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

// ProcStatus reads a size field (in kB, such as VmRSS or VmHWM) of
// /proc/PID/status, in bytes.
func ProcStatus(pid int, field string) (int64, error) { return procStatus(pid, field) }

// ResetPeak resets the peak resident size (VmHWM) of a process the caller
// owns (Linux 4.0 and later), so that the next peak is one request's.
func ResetPeak(pid int) error {
	return os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0)
}

// ProcCPU is the user and system CPU time process pid used so far
// (utime and stime of /proc/PID/stat, in USER_HZ ticks of 10 ms).
func ProcCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("unreadable /proc stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("unreadable /proc stat")
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("unreadable /proc stat")
	}
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / ticks, nil
}
