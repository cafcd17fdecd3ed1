// Command release builds explorer's release archives: one per target
// (linux/amd64, linux/arm64, darwin/arm64, windows/amd64), reproducibly
// (-trimpath, no VCS stamp, the commit's time as the build date and as
// every archived file's time), each with the binary, its CycloneDX SBOM,
// README.md, LICENSE, THIRD_PARTY.md and CHANGELOG.md, and SHA256SUMS
// over the archives and SBOMs. make release runs it; make release-check
// rebuilds one archive with an empty build cache and compares the bytes.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// sbomTool makes the SBOMs (pinned: the newest version the Go module
// proxy served when it was added).
const sbomTool = "github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@v1.10.0"

var defaultTargets = []string{"linux/amd64", "linux/arm64", "darwin/arm64", "windows/amd64"}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "the repository's root")
	out := fs.String("out", "dist", "where the archives, the SBOMs and SHA256SUMS go")
	targets := fs.String("targets", strings.Join(defaultTargets, ","), "GOOS/GOARCH pairs, comma-separated")
	check := fs.String("check", "", "rebuild this target's archive with an empty build cache and compare it with the one in -out")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (run 'release -h')", fs.Arg(0))
	}
	in, err := readInfo(*root)
	if err != nil {
		return err
	}
	p := plan{Root: *root, Pkg: "./cmd/explorer", Name: "explorer", Info: in, SBOMTool: sbomTool,
		Docs: []string{"README.md", "LICENSE", "THIRD_PARTY.md", "CHANGELOG.md"}, Log: stderr}
	if *check != "" {
		return p.check(*out, *check, true, stdout)
	}
	ts, err := parseTargets(*targets)
	if err != nil {
		return err
	}
	return p.release(*out, ts, stdout)
}
