//go:build !linux

package server

// dropBinaryPages gives back nothing where Linux's smaps is not there.
func dropBinaryPages() int64 { return 0 }
