package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// plan is what a release builds: the main package Pkg of the module at
// Root, named Name, stamped with Info, archived with the Docs files.
type plan struct {
	Root, Pkg, Name string
	Info            info
	SBOMTool        string // "" builds no SBOM (the tests)
	Docs            []string
	Log             io.Writer
	// Env is added to the go commands' environment (GOCACHE, say).
	Env []string
}

type target struct{ OS, Arch string }

func (t target) String() string { return t.OS + "/" + t.Arch }

func parseTargets(s string) ([]target, error) {
	var out []target
	for _, part := range strings.Split(s, ",") {
		goos, arch, ok := strings.Cut(strings.TrimSpace(part), "/")
		if !ok || goos == "" || arch == "" || strings.ContainsAny(goos+arch, " ./\\") {
			return nil, fmt.Errorf("target %q is not GOOS/GOARCH", part)
		}
		out = append(out, target{goos, arch})
	}
	return out, nil
}

// base is an archive's name without its extension, and its folder.
func (p plan) base(t target) string {
	return fmt.Sprintf("%s-%s-%s-%s", p.Name, p.Info.Version, t.OS, t.Arch)
}

func (p plan) archiveName(t target) string {
	if t.OS == "windows" {
		return p.base(t) + ".zip"
	}
	return p.base(t) + ".tar.gz"
}

// release builds every target into out and writes SHA256SUMS.
func (p plan) release(out string, ts []target, stdout io.Writer) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var files []string
	for _, t := range ts {
		made, err := p.build(out, t)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		files = append(files, made...)
	}
	sums, err := checksums(out, files)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(sums), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s %s (%s)\n%s", p.Name, p.Info.Version, p.Info.Commit, sums)
	return nil
}

// build makes one target's archive (and its SBOM beside it) in out and
// returns their names.
func (p plan) build(out string, t target) ([]string, error) {
	work, err := os.MkdirTemp("", "release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	bin := p.Name
	if t.OS == "windows" {
		bin += ".exe"
	}
	fmt.Fprintf(p.Log, "building %s\n", t)
	binPath := filepath.Join(work, bin)
	if err := p.goBuild(t, binPath); err != nil {
		return nil, err
	}
	entries := []entry{{Name: bin, Source: binPath, Exec: true}}
	for _, d := range p.Docs {
		entries = append(entries, entry{Name: d, Source: filepath.Join(p.Root, d)})
	}
	made := []string{p.archiveName(t)}
	if p.SBOMTool != "" {
		sbom := p.base(t) + ".cdx.json"
		if err := p.sbom(binPath, filepath.Join(out, sbom)); err != nil {
			return nil, err
		}
		entries = append(entries, entry{Name: "sbom.cdx.json", Source: filepath.Join(out, sbom)})
		made = append(made, sbom)
	}
	return made, writeArchive(filepath.Join(out, made[0]), p.base(t), entries, p.Info.Time)
}

func (p plan) goBuild(t target, binPath string) error {
	ld := fmt.Sprintf("-s -w -X main.version=%s -X main.commit=%s -X main.date=%s",
		p.Info.Version, p.Info.Commit, p.Info.Time.Format("2006-01-02T15:04:05Z"))
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-mod=readonly", "-ldflags", ld, "-o", binPath, p.Pkg)
	cmd.Env = append(os.Environ(), "GOOS="+t.OS, "GOARCH="+t.Arch, "CGO_ENABLED=0", "GOFLAGS=")
	cmd.Env = append(cmd.Env, p.Env...)
	return p.runIn(cmd)
}

// sbom writes the binary's CycloneDX SBOM, with no serial number and no
// timestamp (they would differ from build to build); the tool is built
// with -trimpath, since the SBOM names its hashes, which must not depend
// on where the module cache is.
func (p plan) sbom(binPath, out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "run", "-trimpath", p.SBOMTool, "bin", "-json", "-noserial", "-notimestamp",
		"-version", p.Info.Version, "-output", abs, binPath)
	cmd.Env = append(os.Environ(), p.Env...)
	return p.runIn(cmd)
}

func (p plan) runIn(cmd *exec.Cmd) error {
	cmd.Dir = p.Root
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = p.Log, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args[:2], " "), err, errb.String())
	}
	return nil
}

// checksums is SHA256SUMS over the files in dir, as sha256sum -c reads it.
func checksums(dir string, files []string) (string, error) {
	files = slices.Clone(files)
	slices.Sort(files)
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), f)
	}
	return b.String(), nil
}

// check rebuilds one target's archive in a fresh folder (with an empty
// build cache when cold) and compares its bytes with the one in out.
func (p plan) check(out, spec string, cold bool, stdout io.Writer) error {
	ts, err := parseTargets(spec)
	if err != nil || len(ts) != 1 {
		return fmt.Errorf("-check takes one GOOS/GOARCH: %q", spec)
	}
	fresh, err := os.MkdirTemp("", "release-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(fresh)
	q := p
	if cold {
		q.Env = append(slices.Clone(p.Env), "GOCACHE="+filepath.Join(fresh, "cache"))
	}
	if _, err := q.build(fresh, ts[0]); err != nil {
		return err
	}
	name := p.archiveName(ts[0])
	a, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		return fmt.Errorf("no archive to compare (run make release first): %w", err)
	}
	b, err := os.ReadFile(filepath.Join(fresh, name))
	if err != nil {
		return err
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("%s rebuilt differs from %s", name, filepath.Join(out, name))
	}
	fmt.Fprintf(stdout, "%s rebuilt (empty build cache: %v): the same %d bytes\n", name, cold, len(a))
	return nil
}
