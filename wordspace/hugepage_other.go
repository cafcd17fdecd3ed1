//go:build !linux

package wordspace

func adviseHugePages(v []float32) {}

func dropPages(b []byte) {}
