package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// stamp is the version, commit and date both binaries carry, so that the
// build stamp (shown by pages and /healthz) is not a difference.
const stamp = "-X main.version=wire-replay -X main.commit=wire-replay -X main.date=2000-01-01T00:00:00Z"

// buildAt builds the explorer binary of rev (a git revision of the
// repository at root) into out: the revision's files come out of git
// archive into a temporary directory, so that no work tree of the
// repository changes. rev "" builds root's working tree as it is.
func buildAt(root, rev, out string) error {
	src := root
	if rev != "" {
		dir, err := os.MkdirTemp("", "wirereplay-src-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if err := extract(root, rev, dir); err != nil {
			return err
		}
		src = dir
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", stamp, "-o", abs, "./cmd/explorer")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", revName(rev), err, b)
	}
	return nil
}

// extract writes the files of rev into dir (git archive | tar -x).
func extract(root, rev, dir string) error {
	archive := exec.Command("git", "-C", root, "archive", "--format=tar", rev)
	var tarball, stderr bytes.Buffer
	archive.Stdout, archive.Stderr = &tarball, &stderr
	if err := archive.Run(); err != nil {
		return fmt.Errorf("git archive %s: %v: %s", rev, err, stderr.Bytes())
	}
	untar := exec.Command("tar", "-x", "-C", dir)
	untar.Stdin = &tarball
	if b, err := untar.CombinedOutput(); err != nil {
		return fmt.Errorf("tar -x: %v: %s", err, b)
	}
	return nil
}

// resolve names rev's commit (git rev-parse), so that the report says
// which commit was replayed.
func resolve(root, rev string) (string, error) {
	b, err := exec.Command("git", "-C", root, "rev-parse", "--verify", rev+"^{commit}").Output()
	if err != nil {
		return "", fmt.Errorf("git rev-parse %s: %v", rev, err)
	}
	return string(bytes.TrimSpace(b)), nil
}

func revName(rev string) string {
	if rev == "" {
		return "the working tree"
	}
	return rev
}
