package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// TestLargeModelCollapsedSearchAndBodies: a model over the limit shows its
// groups collapsed, each body loaded on demand (htmx) or by ?open= (plain
// link); the search answers matches with links that open them, as a part
// for htmx and as the page without; hostile queries find nothing.
func TestLargeModelCollapsedSearchAndBodies(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := bigModel(t, e, 50, 3, 10)
	path := "/models/" + itoa(m.ID)
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if n := d.Find("details.group").Length(); n != 50 || d.Find("details.group[open]").Length() != 0 || d.Find(".term-input").Length() != 0 {
		t.Fatalf("%d groups, %d open, %d term boxes", n, d.Find("details.group[open]").Length(), d.Find(".term-input").Length())
	}
	if h := strings.Join(strings.Fields(d.Find("#group-1 summary h3").Text()), " "); h != "Group 1 3 topics, 30 terms" || !strings.HasPrefix(strings.Join(strings.Fields(d.Find("#structure > p.muted").Text()), " "), "50 groups, 1,500 terms. Add terms") {
		t.Fatalf("counts: %q, %q", h, d.Find("#structure > p.muted").Text())
	}
	g7 := itoa(m.Groups[6].ID)
	body := d.Find("#group-" + g7 + " .group-body")
	if body.AttrOr("hx-get", "") != path+"/groups/"+g7 || body.Find("a").AttrOr("href", "") != path+"?open="+g7+"#group-"+g7 || d.Find(`a.skip-link[href="#structure-title"]`).Length() != 1 {
		t.Fatalf("group 7's placeholder: %s", body.Text())
	}
	// htmx loads the body; a plain request is sent to the page.
	d = b.doc(b.do("GET", path+"/groups/"+g7, nil, htmx).Expect(t, 200))
	if d.Find(".group-body li.topic").Length() != 3 || d.Find(".term-input").Length() != 3 {
		t.Fatalf("group 7's body: %s", d.Text())
	}
	if r := b.do("GET", path+"/groups/"+g7, nil, nil); r.Status != http.StatusSeeOther && r.Status != http.StatusFound {
		t.Fatalf("plain group body: %d", r.Status)
	}
	d = b.doc(b.do("GET", path+"?open="+g7, nil, nil).Expect(t, 200))
	if d.Find("details.group[open]").Length() != 1 || d.Find("#group-"+g7+"[open] .term-input").Length() != 3 {
		t.Fatal("?open= does not open the group")
	}
	b.do("GET", path+"/groups/999999", nil, htmx).Expect(t, 404)

	// Search: a term, case not minded, and its link.
	d = b.doc(b.do("GET", path+"/search?q="+url.QueryEscape("TERM 7-2-9"), nil, htmx).Expect(t, 200))
	links := d.Find("#search-results a")
	topic := itoa(m.Groups[6].Topics[1].ID)
	if links.Length() != 1 || links.AttrOr("href", "") != path+"?open="+g7+"#topic-"+topic || links.AttrOr("data-topic", "") != topic {
		t.Fatalf("search answer: %s", d.Text())
	}
	d = b.doc(b.do("GET", path+"/search?q=Group+4", nil, nil).Expect(t, 200))
	if got := d.Find("#search-results li").Length(); got != 11 || d.Find("h1").Length() != 1 {
		t.Fatalf("plain search for Group 4: %d matches", got) // Group 4 and Group 40 to 49
	}
	r := b.do("GET", path+"/search?q=term", nil, htmx).Expect(t, 200)
	d = b.doc(r)
	if got := d.Find("#search-results li").Length(); got != 50 {
		t.Fatalf("a broad search lists %d matches", got)
	}
	// The real count, the page in the URL, the matched part marked.
	if c := d.Find("#search-count").Text(); c != "1,500 matches for “term”, 1–50 shown:" || r.Header.Get("HX-Push-Url") != path+"?q=term" {
		t.Fatalf("count %q, pushed %q", c, r.Header.Get("HX-Push-Url"))
	}
	if m := d.Find("#search-results li").First().Find("mark"); m.Length() != 1 || m.Text() != "term" || d.Find("#search-results li strong").First().Text() != "term 1-1-1" {
		t.Fatalf("first match marked %q in %q", m.Text(), d.Find("#search-results li strong").First().Text())
	}
	next := d.Find(`#search-results nav a[rel=next]`)
	if next.AttrOr("href", "") != path+"?q=term&page=2" || next.AttrOr("hx-get", "") != path+"/search?q=term&page=2" {
		t.Fatalf("next page link %q %q", next.AttrOr("href", ""), next.AttrOr("hx-get", ""))
	}
	r = b.do("GET", path+"/search?q=TERM&page=30", nil, htmx).Expect(t, 200)
	d = b.doc(r)
	if c := d.Find("#search-count").Text(); c != "1,500 matches for “TERM”, 1,451–1,500 shown:" || d.Find("#search-results li").First().Find("strong").Text() != "term 49-2-1" || r.Header.Get("HX-Push-Url") != path+"?q=TERM&page=30" {
		t.Fatalf("page 30: %q, first %q", c, d.Find("#search-results li strong").First().Text())
	}
	if d.Find(`nav a[rel=next]`).Length() != 0 || d.Find(`nav a[rel=prev]`).AttrOr("href", "") != path+"?q=TERM&page=29" {
		t.Fatal("page 30's links")
	}
	// A page past the last is the last; the model page itself searches.
	d = b.doc(b.do("GET", path+"?q=term&page=999", nil, nil).Expect(t, 200))
	if d.Find("h1").Length() != 1 || d.Find("#model-search").AttrOr("value", "") != "term" || !strings.Contains(d.Find("#search-count").Text(), "1,451–1,500") {
		t.Fatalf("the page with ?q=: %q", d.Find("#search-count").Text())
	}
	for _, q := range []string{"", "   ", strings.Repeat("é", 500), "<script>", "%00", "\xff\xfe"} {
		d = b.doc(b.do("GET", path+"/search?q="+url.QueryEscape(q), nil, htmx).Expect(t, 200))
		if d.Find("#search-results a").Length() != 0 || d.Find("script").Length() != 0 {
			t.Fatalf("search %q found %d", q, d.Find("#search-results a").Length())
		}
	}
	b.do("GET", path+"/search?q=a&version=0", nil, htmx).Expect(t, 404)
	b.do("GET", path+"/search?q=a&version=x", nil, htmx).Expect(t, 404)
}

// TestModelEditorHostileForms: malformed versions, places, directions and
// ids are refused with a message (422) or 404, and change nothing.
func TestModelEditorHostileForms(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := bigModel(t, e, 2, 2, 2)
	path := "/models/" + itoa(m.ID)
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	topic := itoa(m.Groups[0].Topics[0].ID)
	cases := []struct {
		path string
		form url.Values
		want int
	}{
		{"/topics/" + topic + "/terms", url.Values{"term": {"x"}, "version": {"1.0"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {"x"}, "version": {"9999999999"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {"x"}, "version": {"-1"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {"x"}, "version": {"7"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {"x"}, "version": {"1.7"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {strings.Repeat("x", 501)}, "version": {"1"}}, 422},
		{"/topics/" + topic + "/terms", url.Values{"term": {"\x00"}, "version": {"1"}}, 422},
		{"/topics/" + topic + "/move", url.Values{"direction": {"sideways"}, "version": {"1"}}, 422},
		{"/topics/99999999999999999999/terms", url.Values{"term": {"x"}, "version": {"1"}}, 422},
		{"/topics/0/terms/remove", url.Values{"term": {"x"}, "version": {"1"}}, 422},
		{"/groups/-3/move", url.Values{"direction": {"up"}, "version": {"1"}}, 422},
		{"/groups", url.Values{"title": {" "}, "version": {"1"}}, 422},
	}
	for _, c := range cases {
		c.form.Set("_csrf", csrf)
		if r := b.do("POST", path+c.path, c.form, htmx); r.Status != c.want {
			t.Errorf("%s %v: %d, want %d: %s", c.path, c.form, r.Status, c.want, r.Body)
		}
	}
	// A huge place is the end.
	b.do("POST", path+"/topics/"+topic+"/terms", url.Values{"_csrf": {csrf}, "term": {"last"}, "at": {"99999999999999"}, "version": {"1"}}, htmx).Expect(t, 200)
	got, err := e.Svc.Model(e.As("ann"), m.ID)
	if err != nil || got.Version != 2 || strings.Join(got.Groups[0].Topics[0].Terms, ",") != "term 1-1-1,term 1-1-2,last" {
		t.Fatalf("after hostile forms: %v %v", got.Groups[0].Topics[0].Terms, err)
	}
}
