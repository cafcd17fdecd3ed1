package server

import (
	"os"
	"testing"
)

// touched is data of the executable's writable mapping, which
// dropBinaryPages must keep.
var touched = []int{1, 2, 3}

// exeRSS is the resident bytes of the executable's read-only mappings
// that dropBinaryPages may drop.
func exeRSS(t *testing.T) int64 {
	t.Helper()
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		t.Fatal(err)
	}
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, m := range readOnlyMappings(smaps, exe) {
		n += m.rss
	}
	return n
}

// TestBinaryPagesDropped: the executable's read-only pages a run touched
// are given back, the program runs on (its code and data fault in again)
// and its written data stays.
func TestBinaryPagesDropped(t *testing.T) {
	touched[1] = 42
	before := exeRSS(t)
	if before < 1<<20 {
		t.Fatalf("only %d bytes of the executable resident before", before)
	}
	if n := dropBinaryPages(); n < before/2 {
		t.Fatalf("dropped %d bytes of %d resident", n, before)
	}
	after := exeRSS(t)
	if after > before/2 {
		t.Fatalf("%d bytes of the executable resident after dropping, %d before", after, before)
	}
	if touched[1] != 42 || touched[2] != 3 {
		t.Fatalf("written data lost: %v", touched)
	}
}

// TestReadOnlyMappings: only the path's private mappings that are not
// writable and hold no anonymous page are chosen; an unreadable size
// leaves the mapping out.
func TestReadOnlyMappings(t *testing.T) {
	smaps := `00400000-00a00000 r-xp 00000000 08:01 12 /bin/x
Rss:                2048 kB
Anonymous:             0 kB
VmFlags: rd ex mr mw me
00a00000-00b00000 r--p 00600000 08:01 12 /bin/x
Rss:                  64 kB
Anonymous:             4 kB
00b00000-00c00000 rw-p 00700000 08:01 12 /bin/x
Rss:                  64 kB
Anonymous:             0 kB
00c00000-00d00000 r--s 00000000 08:01 12 /bin/x
Anonymous:             0 kB
00d00000-00e00000 r--p 00000000 08:01 13 /bin/y
Anonymous:             0 kB
00e00000-00f00000 r--p 00800000 08:01 12 /bin/x
Rss:                  12 kB
00f00000-01000000 r--p 00900000 08:01 12 /bin/x
Rss:                  1x kB
Anonymous:             0 kB
01000000-01100000 r--p 00a00000 08:01 12 /bin/x
Rss:                   8 kB
Anonymous:             0 kB
`
	got := readOnlyMappings([]byte(smaps), "/bin/x")
	want := []mapping{{start: 0x400000, end: 0xa00000, rss: 2048 << 10}, {start: 0x1000000, end: 0x1100000, rss: 8 << 10}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("mapping %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
