package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// module is the module's path: the root package's import path.
const module = "explorer"

// path is the import path of the module's package at dir ("." is the
// root).
func path(dir string) string {
	if dir == "." {
		return module
	}
	return module + "/" + dir
}

// deps returns the packages the package at dir depends on (go list
// -deps), itself included.
func deps(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", path(dir)).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list -deps %s: %v\n%s", dir, err, ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %v", dir, err)
	}
	set := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		set[p] = true
	}
	return set
}

// rule forbids the package at pkg (a directory, "." the root) to depend
// on any of forbidden, directly or through another package.
type rule struct {
	pkg       string
	forbidden []string
}

// The arrows of ARCHITECTURE.md: the readers of files, text and
// languages never reach the service layer; the two peers of the edge
// never reach each other; the service layer reaches no edge, no store and
// no HTTP or SQL library; and the domain arrows (domainRules).
func TestImportRules(t *testing.T) {
	rules := []rule{
		{"sheet", []string{module}},
		{"analysis", []string{module}},
		{"language", []string{module}},
		{"tonality", []string{module}},
		{"web", []string{module + "/api"}},
		{"api", []string{module + "/web"}},
		{".", []string{module + "/api", module + "/web", module + "/internal/server", module + "/store", module + "/views",
			module + "/internal/tablefile", module + "/sheet", module + "/cmd/explorer",
			"github.com/gofiber/fiber/v2", "github.com/valyala/fasthttp", "github.com/a-h/templ", "database/sql"}},
	}
	rules = append(rules, domainRules()...)
	for _, v := range violations(rules, func(dir string) map[string]bool { return deps(t, dir) }) {
		t.Error(v)
	}
}

// violations lists, for each rule, the forbidden packages that the
// package depends on according to depsOf.
func violations(rules []rule, depsOf func(dir string) map[string]bool) []string {
	var out []string
	for _, r := range rules {
		have := depsOf(r.pkg)
		for _, f := range r.forbidden {
			if have[f] {
				out = append(out, path(r.pkg)+" imports "+f+" (directly or through another package)")
			}
		}
	}
	return out
}

// The rule test sees a forbidden import where one is: the edge reaches
// both peers and the service layer.
func TestImportRulesSeeImports(t *testing.T) {
	have := deps(t, "internal/server")
	for _, p := range []string{module, module + "/api", module + "/web", "github.com/gofiber/fiber/v2"} {
		if !have[p] {
			t.Errorf("go list -deps of internal/server lacks %s", p)
		}
	}
}
