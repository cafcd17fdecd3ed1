package views

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 topics"}, {1, "1 topic"}, {2, "2 topics"}, {-1, "-1 topic"}, {21500, "21,500 topics"}, {-21500, "-21,500 topics"}} {
		if got := Count(tt.n, "topic", "topics"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	if Rows(1) != "1 row" || Rows(2000) != "2,000 rows" {
		t.Errorf("Rows: %q %q", Rows(1), Rows(2000))
	}
}

// TestTemplatesCountWithTheirNoun: no template writes a bare number
// before a plural noun ("1 topics"): such counts go through Count.
func TestTemplatesCountWithTheirNoun(t *testing.T) {
	bare := regexp.MustCompile(`\{ (?:strconv\.Itoa|strconv\.FormatInt|itoa|grouped|fmt\.Sprint)\([^}]*\) \}\s*(?:API )?(texts|topics|terms|groups|users|projects|models|poles|versions|tokens|seats|rows|credits|codes|mentions|words|invitations|days|items)\b`)
	files, err := filepath.Glob("*/*.templ")
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range bare.FindAllString(string(b), -1) {
			t.Errorf("%s: %q: write the count with views.Count (singular and plural)", f, m)
		}
	}
}
