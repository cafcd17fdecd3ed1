package load

import (
	"os"
	"strconv"
)

// ProcStatus reads a size field (in kB, such as VmRSS or VmHWM) of
// /proc/PID/status, in bytes.
func ProcStatus(pid int, field string) (int64, error) { return procStatus(pid, field) }

// ResetPeak resets the peak resident size (VmHWM) of a process the caller
// owns (Linux 4.0 and later), so that the next peak is one request's.
func ResetPeak(pid int) error {
	return os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0)
}
