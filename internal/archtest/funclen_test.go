package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the most lines a hand-written function on the server's
// paths may have, its signature and closing brace included.
const maxLines = 80

// serverDirs are the packages on the server's paths (relative to the
// module's root; wordspace without its tools under wordspace/cmd; the
// server's command cmd/explorer).
var serverDirs = []string{".", "api", "web", "store", "sheet", "wordspace", "internal/server", "internal/tablefile", "analysis", "language", "cmd/explorer"}

// longAllowed are the functions ("dir/file.go:name") longer than maxLines
// that are being rewritten elsewhere; the list only shrinks.
var longAllowed = map[string]bool{}

// No hand-written function (generated *_templ.go files and tests aside) on
// the server's paths is longer than maxLines.
func TestFunctionLength(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, dir := range serverDirs {
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
