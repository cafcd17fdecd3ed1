// Package archtest holds the tests that keep the architecture's rules
// (docs/DEVELOPING.md): which package may import which, and how long a
// function on the server's paths may be. It has no code of its own.
package archtest
