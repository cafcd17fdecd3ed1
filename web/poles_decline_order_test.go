package web_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// On the embedded English space, declining a suggestion with its ✕ takes
// that word out of the panel and moves no other word down (issue 33:
// declining "cue" pushed good words of another sense far back).
func TestPoleDeclineKeepsOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the default space")
	}
	reg := wordspace.NewRegistry(nil)
	reg.LoadDefault()
	if err := reg.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := testkit.New(t, testkit.WithWordSpaces(reg))
	e.AddUser("ann", "")
	p, _ := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Prompt", Language: "en", Parts: []poles.PartInput{{Term: "prompt"}}})
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	before := suggestionTerms(d)
	// The frequency column says what it counts (issue 33).
	if tip, _ := d.Find("#suggestions th:contains('Frequency')").Attr("title"); !strings.Contains(tip, "your account's texts") {
		t.Errorf("frequency tooltip %q", tip)
	}
	var after []string
	for _, w := range []string{"cue", "ask", "remind"} {
		if !slices.Contains(before, w) {
			t.Fatalf("%q not suggested: %v", w, before)
		}
		after = suggestionTerms(b.doc(b.do("POST", polePath(p.ID, "/suggestions/decline"), url.Values{"_csrf": {csrf}, "term": {w}}, htmx).Expect(t, 200)))
	}
	t.Logf("before %v\nafter  %v", before, after)
	for i, w := range before {
		j := slices.Index(after, w)
		if (j < 0) != slices.Contains([]string{"cue", "ask", "remind"}, w) || j > i {
			t.Errorf("%q moved from #%d to #%d", w, i+1, j+1)
		}
	}
}
