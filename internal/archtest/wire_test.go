package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// wireImports are the packages that encode or decode JSON.
var wireImports = []string{"encoding/json", "github.com/go-json-experiment/json"}

// The root package is the domain: its types carry no JSON (or other
// encoding) struct tags and it imports no JSON encoder. Every wire form
// lives at the edge that speaks it (api for v1, store for what it
// stores, internal/tablefile for the table files).
func TestRootSpeaksNoWireFormat(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := filepath.Glob(filepath.Join(root, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in the root (%v)", err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, w := range wireImports {
				if path == w || strings.HasPrefix(path, w+"/") {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			field, ok := n.(*ast.Field)
			if !ok || field.Tag == nil {
				return true
			}
			tag, _ := strconv.Unquote(field.Tag.Value)
			for _, key := range []string{"json", "csv", "xml", "yaml"} {
				if _, ok := reflect.StructTag(tag).Lookup(key); ok {
					t.Errorf("%s: a struct field has the tag %s", fset.Position(field.Pos()), field.Tag.Value)
				}
			}
			return true
		})
	}
}
