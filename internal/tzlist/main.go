// Command tzlist writes the IANA time zone names of the Go toolchain's
// lib/time/zoneinfo.zip (the database package time/tzdata embeds), one a
// line, sorted: `go generate` in zones/ writes its timezones.txt with it.
package main

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tzlist OUT")
		os.Exit(2)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "go env GOROOT:", err)
		os.Exit(1)
	}
	r, err := zip.OpenReader(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		// Area/Location names and UTC; not the legacy aliases (EST5EDT,
		// GB, US/…, Etc/…) a person would not look for.
		n := f.Name
		if n == "UTC" || (strings.Contains(n, "/") && !strings.HasPrefix(n, "Etc/") && !strings.HasPrefix(n, "US/") && !strings.HasPrefix(n, "SystemV/")) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if err := os.WriteFile(os.Args[1], []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
