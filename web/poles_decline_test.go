package web_test

import (
	"net/url"
	"strings"
	"testing"

	"explorer/internal/testkit"
	"explorer/poles"

	"github.com/PuerkitoBio/goquery"
)

func suggestionTerms(d *goquery.Document) []string {
	var out []string
	d.Find("#suggestions tbody td.term").Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.Fields(s.Text())[0])
	})
	return out
}

// A suggestion declined with its ✕ is gone from the panel and from the
// next loads; the declined list brings it back.
func TestPoleDeclineSuggestion(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat", "blaze", "ember"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	p, _ := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Language: "en", Parts: []poles.PartInput{{Term: "sun"}}})
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	form := d.Find("#suggestions tbody tr").First().Find("form.decline")
	action, _ := form.Attr("hx-post")
	target, _ := form.Attr("hx-target")
	term, _ := form.Find("input[name=term]").Attr("value")
	label, _ := form.Find("button").Attr("aria-label")
	if action != polePath(p.ID, "/suggestions/decline") || target != "#suggestions" || term != "heat" || label != "Decline heat" {
		t.Fatalf("decline form %q %q %q %q", action, target, term, label)
	}
	d = b.doc(b.do("POST", action, url.Values{"_csrf": {csrf}, "term": {term}}, htmx).Expect(t, 200))
	if got := suggestionTerms(d); strings.Join(got, ",") != "blaze,ember" {
		t.Fatalf("after declining: %v", got)
	}
	if n := d.Find("#suggestions p.notice").Text(); !strings.Contains(n, "“heat” declined") {
		t.Fatalf("notice %q", n)
	}
	if s := d.Find("#suggestions details.declined").Text(); !strings.Contains(s, "Declined terms (1)") || !strings.Contains(s, "heat") {
		t.Fatalf("declined list %q", s)
	}
	// It stays away on the next load, and on the full page.
	d = b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, nil).Expect(t, 200))
	if got := suggestionTerms(d); strings.Join(got, ",") != "blaze,ember" {
		t.Fatalf("next load: %v", got)
	}
	// Suggest again.
	restore := d.Find("#suggestions details.declined form")
	action, _ = restore.Attr("hx-post")
	d = b.doc(b.do("POST", action, url.Values{"_csrf": {csrf}, "term": {"heat"}}, htmx).Expect(t, 200))
	if got := suggestionTerms(d); strings.Join(got, ",") != "heat,blaze,ember" || d.Find("details.declined").Length() != 0 {
		t.Fatalf("after restoring: %v", got)
	}
	// Restoring a term that is not declined is a message in the panel.
	d = b.doc(b.do("POST", action, url.Values{"_csrf": {csrf}, "term": {"heat"}}, htmx).Expect(t, 200))
	if msg := d.Find("#suggestions p.error").Text(); !strings.Contains(msg, "not declined") {
		t.Fatalf("restore twice: %q", msg)
	}
	// Without a CSRF token nothing is declined.
	b.do("POST", polePath(p.ID, "/suggestions/decline"), url.Values{"term": {"blaze"}}, htmx).Expect(t, 403)
	// A stranger cannot decline for the pole.
	other := newBrowser(t, e)
	ecsrf := other.login("eve", testkit.Password)
	other.do("POST", polePath(p.ID, "/suggestions/decline"), url.Values{"_csrf": {ecsrf}, "term": {"blaze"}}, htmx).Expect(t, 404)
	if list, _ := e.Svc.PoleRejections(e.As("ann"), p.ID); len(list) != 0 {
		t.Fatalf("declined %v", list)
	}
}
