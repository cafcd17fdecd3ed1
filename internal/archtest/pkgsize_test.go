package archtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxPackageLines is the most hand-written lines (tests and generated
// *_templ.go files aside) a package of the product may have (issue 36).
const maxPackageLines = 7000

// maxKernelLines is the most hand-written lines the module root (the
// kernel every domain shares) may have (issue 36): a rule of one domain
// goes to that domain's package.
const maxKernelLines = 3000

// packageLines returns the hand-written lines of the package in dir: its
// .go files but tests and generated templ files, counted as wc -l does.
func packageLines(dir string) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		n += bytes.Count(b, []byte("\n"))
	}
	return n, nil
}

// oversized returns the packages of dirs (relative to root) over
// maxPackageLines, with their lines.
func oversized(t *testing.T, root string, dirs []string) map[string]int {
	t.Helper()
	over := map[string]int{}
	for _, dir := range dirs {
		n, err := packageLines(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		if n > maxPackageLines {
			over[filepath.ToSlash(dir)] = n
		}
	}
	return over
}

// No package of the product (every package of the module; the tools'
// module under tools/ is not among them) has more than maxPackageLines
// hand-written lines.
func TestPackageSize(t *testing.T) {
	root := filepath.Join("..", "..")
	for dir, n := range oversized(t, root, moduleDirs(t, root)) {
		t.Errorf("package %s has %d hand-written lines (at most %d): split a cohesive part into a package of its own", dir, n, maxPackageLines)
	}
}

// The rule catches a package one line over the bound, counts neither its
// tests nor its generated templ files, and lets one at the bound pass.
func TestPackageSizeCatchesViolation(t *testing.T) {
	root := t.TempDir()
	write := func(dir, name string, lines int) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		src := "package p\n" + strings.Repeat("\n", lines-1)
		if err := os.WriteFile(filepath.Join(root, dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("big", "a.go", 4000)
	write("big", "b.go", maxPackageLines-4000+1)
	write("atbound", "a.go", maxPackageLines)
	write("atbound", "a_test.go", 5000)
	write("atbound", "page_templ.go", 5000)
	over := oversized(t, root, []string{"big", "atbound"})
	if len(over) != 1 || over["big"] != maxPackageLines+1 {
		t.Fatalf("oversized: %v, want only big with %d lines", over, maxPackageLines+1)
	}
}

// kernelOver returns the hand-written lines of the root in dir and
// whether they reach maxKernelLines.
func kernelOver(t *testing.T, dir string) (int, bool) {
	t.Helper()
	n, err := packageLines(dir)
	if err != nil {
		t.Fatal(err)
	}
	return n, n >= maxKernelLines
}

// The module root, the kernel, stays under maxKernelLines.
func TestKernelSize(t *testing.T) {
	if n, over := kernelOver(t, filepath.Join("..", "..")); over {
		t.Errorf("the module root has %d hand-written lines (under %d): move a domain's rules to its package", n, maxKernelLines)
	}
}

// The kernel's bound lets a root one line under it pass and catches one
// at the bound.
func TestKernelSizeCatchesViolation(t *testing.T) {
	for lines, want := range map[int]bool{maxKernelLines - 1: false, maxKernelLines: true} {
		root := t.TempDir()
		src := "package p\n" + strings.Repeat("\n", lines-1)
		if err := os.WriteFile(filepath.Join(root, "a.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if n, over := kernelOver(t, root); over != want {
			t.Errorf("a root of %d lines (read %d): over %v, want %v", lines, n, over, want)
		}
	}
}
