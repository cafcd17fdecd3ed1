package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// info names what is released: the version (git describe --tags: the tag,
// with the commits since it; the commit's first 12 digits when no tag is
// reachable), the full commit and the commit's time, which
// stamps the binaries and every file of the archives.
type info struct {
	Version, Commit string
	Time            time.Time
}

// sourceInfoFile is filled by git archive (export-subst in
// .gitattributes): a source archive knows its version without git.
const sourceInfoFile = "tools/release/source-info.txt"

// readInfo asks git in the checkout at root, else reads the source
// archive's stamp.
func readInfo(root string) (info, error) {
	if in, err := gitInfo(root); err == nil {
		return in, nil
	}
	b, err := os.ReadFile(filepath.Join(root, sourceInfoFile))
	if err != nil {
		return info{}, fmt.Errorf("neither git nor %s can name the version: %w", sourceInfoFile, err)
	}
	return parseSourceInfo(string(b))
}

func gitInfo(root string) (info, error) {
	run := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
		}
		return strings.TrimSpace(out.String()), nil
	}
	if _, err := run("rev-parse", "--is-inside-work-tree"); err != nil {
		return info{}, err
	}
	version, _ := run("describe", "--tags", "--abbrev=12") // "" when no tag is reachable
	line, err := run("log", "-1", "--format=%H %ct")
	if err != nil {
		return info{}, err
	}
	return parseSourceInfo(version + " " + line)
}

// parseSourceInfo reads "[VERSION] COMMIT UNIXTIME" (no version when no
// tag is reachable).
func parseSourceInfo(s string) (info, error) {
	if strings.Contains(s, "$Format") {
		return info{}, errors.New("the source has no version stamp (not made by git archive): run from a git checkout")
	}
	f := strings.Fields(s)
	if len(f) == 2 {
		f = append([]string{""}, f...)
	}
	if len(f) != 3 || !isHex(f[1], 40) {
		return info{}, fmt.Errorf("a malformed version stamp %q", strings.TrimSpace(s))
	}
	secs, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || secs <= 0 {
		return info{}, fmt.Errorf("a malformed version stamp %q", strings.TrimSpace(s))
	}
	in := info{Version: f[0], Commit: f[1], Time: time.Unix(secs, 0).UTC()}
	if in.Version == "" {
		in.Version = in.Commit[:12]
	}
	return in, nil
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}
