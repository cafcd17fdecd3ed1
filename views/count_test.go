package views

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 topics"}, {1, "1 topic"}, {2, "2 topics"}, {-1, "-1 topic"}, {21500, "21,500 topics"}, {-21500, "-21,500 topics"}} {
		if got := Count(ctx, tt.n, "topic", "topics"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	if Rows(ctx, 1) != "1 row" || Rows(ctx, 2000) != "2,000 rows" || Credits(ctx, -21500) != "-21,500 credits" {
		t.Errorf("Rows: %q %q", Rows(ctx, 1), Rows(ctx, 2000))
	}
}

// TestNumberInTheLocale: numbers take the separators of the browser's
// preferred language; a header naming none, malformed or huge, is English.
func TestNumberInTheLocale(t *testing.T) {
	for h, want := range map[string]string{
		"":                              "21,500",
		"de-DE,de;q=0.9,en;q=0.8":       "21.500",
		"en-US":                         "21,500",
		"fr":                            "21\u00a0500",
		"sv-SE":                         "21\u00a0500",
		"!!!":                           "21,500",
		strings.Repeat("x-very-", 1000): "21,500",
	} {
		if got := Number(WithLocale(context.Background(), h), 21500); got != want {
			t.Errorf("%.20q: %q, want %q", h, got, want)
		}
	}
	if got := Number(context.Background(), -1234567); got != "-1,234,567" {
		t.Errorf("no locale: %q", got)
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
