package archtest

import (
	"slices"
	"strings"
	"testing"
)

// domainArrows are the domain packages around the kernel (the root
// package), each with the other domains it may import. The root still
// holds no domain any more: every domain has its package.
// A new domain package adds its line here; an arrow between two domains
// is added to the one that imports, and no two domains may import each
// other (TestDomainArrowsHaveNoCycle).
var domainArrows = map[string][]string{
	"projects": {"poles", "models", "accounts"},
	"poles":    nil,
	"models":   nil,
	"identity": nil,
	// notifications is reached by the others only through the kernel's
	// explorer.Outbox.
	"notifications": nil,
	"accounts":      nil,
	// audit lists and prunes what the kernel records.
	"audit":   nil,
	"backups": nil,
}

// aboveDomains are the packages a domain never imports: the wiring, the
// edges, the command line and the store (a domain reaches the store only
// through its own part of the store interface).
var aboveDomains = []string{"domains", "api", "web", "views", "internal/server", "internal/testkit", "cmd/explorer", "store"}

// belowDomains are the packages that never import a domain: the kernel
// and the leaves it and the domains build on.
var belowDomains = []string{".", "sheet", "zones", "analysis", "language", "tonality", "wordspace", "wordspace/lexicon", "wordspace/senses"}

// modelFiles reads and writes model files: it builds on the models
// domain's records (models.Model, the title and term limits,
// DedupeTerms), so it sits above that domain and imports no other; no
// domain imports it (the edges, the command line and the test kit do).
const modelFiles = "internal/tablefile"

// domainRules are the import rules of the domains: the kernel and the
// leaves import no domain; a domain imports no package above it, no HTTP
// or SQL library, and no domain it does not list.
func domainRules() []rule {
	var all []string
	for d := range domainArrows {
		all = append(all, path(d))
	}
	slices.Sort(all)
	var rules []rule
	for _, p := range belowDomains {
		rules = append(rules, rule{p, all})
	}
	rules = append(rules, rule{modelFiles, slices.DeleteFunc(slices.Clone(all), func(p string) bool { return p == path("models") })})
	for d, allowed := range domainArrows {
		forbidden := []string{path(modelFiles)}
		for _, p := range aboveDomains {
			forbidden = append(forbidden, path(p))
		}
		forbidden = append(forbidden, "github.com/gofiber/fiber/v2", "github.com/a-h/templ", "database/sql")
		for _, other := range all {
			if other != path(d) && !slices.Contains(allowed, strings.TrimPrefix(other, module+"/")) {
				forbidden = append(forbidden, other)
			}
		}
		rules = append(rules, rule{d, forbidden})
	}
	return rules
}

// TestDomainArrowsHaveNoCycle: no two domains list each other, directly
// or through others.
func TestDomainArrowsHaveNoCycle(t *testing.T) {
	var reaches func(from, to string, seen map[string]bool) bool
	reaches = func(from, to string, seen map[string]bool) bool {
		for _, next := range domainArrows[from] {
			if next == to || (!seen[next] && func() bool { seen[next] = true; return reaches(next, to, seen) }()) {
				return true
			}
		}
		return false
	}
	for d := range domainArrows {
		if reaches(d, d, map[string]bool{}) {
			t.Errorf("domain %s reaches itself through its arrows", d)
		}
	}
}

// The domain rules catch a wrong arrow: a kernel that imports the
// projects domain, and a projects domain that imports the store, the
// JSON interface or a domain it does not list, a models domain that
// imports the model files and model files that import another domain
// than models, each give a violation; the arrows as they are give none.
func TestDomainRulesCatchViolations(t *testing.T) {
	saved := domainArrows
	t.Cleanup(func() { domainArrows = saved })
	domainArrows = map[string][]string{"projects": nil, "models": nil}
	graph := map[string]map[string]bool{
		".":        {module: true, module + "/projects": true},
		"projects": {module + "/projects": true, module: true, module + "/store": true, module + "/api": true, module + "/models": true},
		"models":   {module + "/models": true, module: true, module + "/internal/tablefile": true},
		modelFiles: {module + "/models": true, module + "/projects": true},
	}
	got := violations(domainRules(), func(dir string) map[string]bool { return graph[dir] })
	for _, want := range []string{
		"explorer imports explorer/projects",
		"explorer/projects imports explorer/store",
		"explorer/projects imports explorer/api",
		"explorer/projects imports explorer/models",
		"explorer/models imports explorer/internal/tablefile",
		"explorer/internal/tablefile imports explorer/projects",
	} {
		if !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, want+" ") }) {
			t.Errorf("no violation %q among %q", want, got)
		}
	}
	if len(got) != 6 {
		t.Errorf("violations %q, want 6", got)
	}
	domainArrows = map[string][]string{"projects": {"models"}, "models": nil}
	graph["projects"] = map[string]bool{module: true, module + "/models": true}
	graph["."] = map[string]bool{module: true}
	graph["models"] = map[string]bool{module: true}
	graph[modelFiles] = map[string]bool{module + "/models": true}
	if got := violations(domainRules(), func(dir string) map[string]bool { return graph[dir] }); len(got) != 0 {
		t.Errorf("allowed arrows give violations %q", got)
	}
}
