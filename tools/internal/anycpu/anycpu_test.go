package anycpu

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"github.com/viterin/vek"
)

// generators are the tools that write committed data with vector
// arithmetic: the English space (defaultspace), the WordNet space of its
// evaluation (wordnetspace), the embedded thesauri (thesaurusspace) and
// the tonality lexicons, the induced English one from the space
// (lexicons).
var generators = []string{"defaultspace", "wordnetspace", "thesaurusspace", "lexicons"}

// Every generator forces the pure kernels before anything else in main.
func TestGeneratorsForcePureKernels(t *testing.T) {
	for _, g := range generators {
		file := filepath.Join("..", "..", g, "main.go")
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !firstCallsPureKernels(f) {
			t.Errorf("%s: main does not begin with anycpu.PureKernels()", file)
		}
	}
}

// firstCallsPureKernels tells whether f's func main begins with the
// statement anycpu.PureKernels().
func firstCallsPureKernels(f *ast.File) bool {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "main" || fd.Recv != nil || fd.Body == nil || len(fd.Body.List) == 0 {
			continue
		}
		es, ok := fd.Body.List[0].(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		pkg, ok := sel.X.(*ast.Ident)
		return ok && pkg.Name == "anycpu" && sel.Sel.Name == "PureKernels" && len(call.Args) == 0
	}
	return false
}

// The check sees a main that starts otherwise.
func TestFirstCallsPureKernelsCatchesAMiss(t *testing.T) {
	for src, want := range map[string]bool{
		"package main\nfunc main() { anycpu.PureKernels(); run() }": true,
		"package main\nfunc main() { run(); anycpu.PureKernels() }": false,
		"package main\nfunc main() { vek.SetAcceleration(true) }":   false,
		"package main\nfunc other() { anycpu.PureKernels() }":       false,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := firstCallsPureKernels(f); got != want {
			t.Errorf("%q: %v, want %v", src, got, want)
		}
	}
}

// PureKernels switches off the one switch vek and vek32 share.
func TestPureKernelsSwitchesOff(t *testing.T) {
	PureKernels()
	if vek.Info().Acceleration {
		t.Fatal("vek accelerated after PureKernels")
	}
}
