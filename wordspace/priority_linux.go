package wordspace

import (
	"runtime"
	"syscall"
)

// lowerPriority gives the calling goroutine a thread of its own at the
// lowest scheduling priority (nice 19; Linux sets it per thread). The
// goroutine keeps the thread to its end, when the thread ends with it.
func lowerPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
