package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the most lines a hand-written function of the product may
// have, its signature and closing brace included.
const maxLines = 80

// longAllowed are the functions ("dir/file.go:name") longer than maxLines
// that are being rewritten elsewhere; the list only shrinks. (tonality
// joined the rule when it widened to every package of the module, with
// the tools moved to their own module under tools/.)
var longAllowed = map[string]bool{"tonality/score.go:scoreClause": true}

// moduleDirs returns the folders of the module's packages, relative to
// its root (go list: the tools' module under tools/ is not among them).
func moduleDirs(t *testing.T, root string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list %s/...: %v", module, err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, d := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		rel, err := filepath.Rel(abs, d)
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, rel)
	}
	return dirs
}

// No hand-written function (generated *_templ.go files and tests aside) of
// the product (every package of the module) is longer than maxLines.
func TestFunctionLength(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, dir := range moduleDirs(t, root) {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s (%v)", dir, err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") || strings.HasSuffix(file, "_templ.go") {
				continue
			}
			for name, lines := range longFunctions(t, fset, file) {
				rel, _ := filepath.Rel(root, file)
				key := filepath.ToSlash(rel) + ":" + name
				if !longAllowed[key] {
					t.Errorf("%s has %d lines (at most %d)", key, lines, maxLines)
				}
			}
		}
	}
}

// longFunctions returns the functions and methods of file longer than
// maxLines, with their lengths.
func longFunctions(t *testing.T, fset *token.FileSet, file string) map[string]int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	long := map[string]int{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxLines {
			long[fd.Name.Name] = n
		}
	}
	return long
}
