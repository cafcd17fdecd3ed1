package load

import (
	"os"
	"strconv"
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
	f, err := statFields(pid)
	if err != nil {
		return 0, err
	}
	return ticks(f[11]) + ticks(f[12]), nil
}
