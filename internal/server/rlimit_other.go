//go:build !unix

package server

// RaiseFileLimit has no open-file limit to raise on this platform; 0 says
// the limit is unknown.
func RaiseFileLimit() (uint64, error) { return 0, nil }
