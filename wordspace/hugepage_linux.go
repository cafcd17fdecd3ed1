package wordspace

import (
	"syscall"
	"unsafe"
)

// dropPages gives back the resident pages of b, bytes of the binary's
// read-only data (an embedded space read in place): reading the data
// again faults them in from the binary's file, so whoever still reads it
// reads the same bytes. Only the pages wholly inside b are dropped;
// errors are ignored (the pages then stay resident).
func dropPages(b []byte) {
	page := uintptr(syscall.Getpagesize())
	if len(b) < 2*int(page) {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(b))) &^ (page - 1)
	_ = syscall.Madvise(b[lo-start:hi-start], syscall.MADV_DONTNEED)
}

// adviseHugePages asks Linux to back a large matrix with transparent huge
// pages (where the system allows them on request): fewer page faults while
// it is read in and fewer TLB misses while it is scanned. Only the 2 MiB
// pages inside the slice are advised; errors are ignored (it is a hint).
func adviseHugePages(v []float32) {
	const huge = 2 << 20
	if len(v)*4 < 4*huge {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(v)))
	end := start + uintptr(len(v))*4
	lo := (start + huge - 1) &^ (huge - 1)
	hi := end &^ (huge - 1)
	if hi <= lo {
		return
	}
	all := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*4)
	_ = syscall.Madvise(all[lo-start:hi-start], 14) // MADV_HUGEPAGE
}
