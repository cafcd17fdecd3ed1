package server

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// dropBinaryPages gives back the resident pages of the executable's
// read-only private mappings (its code and read-only data, the embedded
// files and word spaces among them) that hold no page of its own: a
// burst touches tens of MiB of them, which stay resident while idle.
// They are clean pages of the file, so the kernel unmaps them
// (madvise(MADV_DONTNEED)) and the next read faults them in again from
// the page cache (from the file when it was evicted), with the same
// bytes. A writable mapping, or one holding an anonymous page (a
// relocated or patched page, which dropping would lose), is never
// touched. It returns the bytes that were resident; errors leave the
// pages as they are.
func dropBinaryPages() int64 {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return 0
	}
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0
	}
	var dropped int64
	for _, m := range readOnlyMappings(smaps, exe) {
		_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, m.start, m.end-m.start, syscall.MADV_DONTNEED)
		if errno == 0 {
			dropped += m.rss
		}
	}
	return dropped
}

// mapping is one mapping of /proc/PID/smaps: its addresses, its resident
// and anonymous bytes.
type mapping struct {
	start, end uintptr
	rss, anon  int64
}

// readOnlyMappings returns, from the text of /proc/PID/smaps, the private
// mappings of the file path that are neither writable nor hold an
// anonymous page.
func readOnlyMappings(smaps []byte, path string) []mapping {
	var out []mapping
	var cur *mapping
	keep := func() {
		if cur != nil && cur.anon == 0 {
			out = append(out, *cur)
		}
		cur = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(smaps))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":"):
			keep()
			if m, ok := parseMapping(f, path); ok {
				cur = &m
			}
		case cur != nil && len(f) == 3 && f[2] == "kB":
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				cur = nil // an unreadable line: leave the mapping alone
				continue
			}
			switch f[0] {
			case "Rss:":
				cur.rss = n << 10
			case "Anonymous:":
				cur.anon = n << 10
			}
		}
	}
	keep()
	return out
}

// parseMapping reads a header line of smaps (range, permissions,
// offset, device, inode, path), split in fields: ok when it maps path,
// private and not writable.
func parseMapping(f []string, path string) (mapping, bool) {
	if len(f) != 6 || f[5] != path || len(f[1]) != 4 || f[1][1] == 'w' || f[1][3] != 'p' {
		return mapping{}, false
	}
	lo, hi, ok := strings.Cut(f[0], "-")
	if !ok {
		return mapping{}, false
	}
	start, err1 := strconv.ParseUint(lo, 16, 64)
	end, err2 := strconv.ParseUint(hi, 16, 64)
	if err1 != nil || err2 != nil || end <= start {
		return mapping{}, false
	}
	return mapping{start: uintptr(start), end: uintptr(end), anon: -1}, true
}
