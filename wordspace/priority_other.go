//go:build !linux

package wordspace

// lowerPriority does nothing where a thread's priority cannot be set.
func lowerPriority() {}
