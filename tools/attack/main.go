// Command attack starts the built server on a fresh data directory on the
// loopback, signs in as a normal user and sends each attack of the
// hardening issue (hostile spreadsheets and bodies), printing a table of
// attack, status, seconds and the server's resident memory growth (peak
// VmHWM during the request less VmRSS before, from /proc). It reports what
// it sees; it exits 1 when the server dies.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
)

func main() {
	bin := flag.String("bin", "bin/explorer", "the server binary")
	only := flag.String("only", "", "run only the attacks whose name matches this regular expression")
	flag.Parse()
	var match func(string) bool
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fmt.Fprintln(os.Stderr, "attack: -only:", err)
			os.Exit(2)
		}
		match = re.MatchString
	}
	results, err := RunMatching(*bin, os.Stdout, match)
	if err != nil {
		fmt.Fprintln(os.Stderr, "attack:", err)
		os.Exit(2)
	}
	for _, r := range results {
		if !r.Alive {
			fmt.Fprintln(os.Stderr, "attack: the server died during:", r.Name)
			os.Exit(1)
		}
	}
}
