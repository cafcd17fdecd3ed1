package web_test

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"

	"github.com/PuerkitoBio/goquery"
)

func polePath(id int64, rest string) string { return "/poles/" + itoa(id) + rest }

// poleTerms lists the terms and weights shown in the parts section.
func poleTerms(d *goquery.Document) [][2]string {
	var out [][2]string
	d.Find("#parts tbody tr").Each(func(_ int, tr *goquery.Selection) {
		w, _ := tr.Find(`form.weight input[name=weight]`).Attr("value")
		out = append(out, [2]string{strings.TrimSpace(tr.Find("td.term").Text()), w})
	})
	return out
}

func TestPolesListAndCreate(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	if _, err := e.Svc.UpdateSettings(e.As("ann"), []explorer.UserSetting{{Key: explorer.SettingDefaultLanguage, Value: "sv"}}); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", "/poles", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#poles").Text(), "no poles yet") || d.Find(`nav a[href="/poles"][aria-current=page]`).Length() != 1 {
		t.Fatal("empty list page")
	}
	if lang, _ := d.Find(`#poles form select[name=language] option[selected]`).Attr("value"); lang != "SV" {
		t.Fatalf("the create form proposes %q, not the defaultLanguage setting", lang)
	}

	// Without the CSRF token: refused, nothing created.
	b.do("POST", "/poles", url.Values{"name": {"Warm"}, "language": {"sv"}}, nil).Expect(t, http.StatusForbidden)
	// Bad input: the section again, as a 422, with the values typed.
	r := b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {"  "}, "description": {"cosy"}, "language": {"xx"}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	d = b.doc(r)
	msg := strings.ToLower(d.Find("#poles p.error").Text())
	if !strings.Contains(msg, "name must not be empty") || !strings.Contains(msg, "language must be an iso 639-1") {
		t.Fatalf("error %q", msg)
	}
	if v := d.Find(`#poles textarea[name=description]`).Text(); v != "cosy" {
		t.Fatalf("description not kept: %q", v)
	}
	if res, _ := e.Svc.Poles(e.As("ann")); len(res) != 0 {
		t.Fatalf("%d poles after refused forms", len(res))
	}

	// Created through htmx: sent to the pole's page.
	r = b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {"Warm"}, "description": {"cosy"}, "language": {"sv"}}, htmx).Expect(t, http.StatusNoContent)
	res, _ := e.Svc.Poles(e.As("ann"))
	if len(res) != 1 || res[0].Language != "SV" || r.Header.Get("HX-Redirect") != polePath(res[0].ID, "") {
		t.Fatalf("created %+v, redirect %q", res, r.Header.Get("HX-Redirect"))
	}
	// Without htmx: a 303.
	r = b.do("POST", "/poles", url.Values{"_csrf": {csrf}, "name": {"Cold"}, "language": {"en"}}, nil).Expect(t, http.StatusSeeOther)
	if !strings.HasPrefix(r.Header.Get("Location"), "/poles/") {
		t.Fatalf("location %q", r.Header.Get("Location"))
	}
	d = b.doc(b.do("GET", "/poles", nil, nil).Expect(t, 200))
	if n := d.Find("#poles tbody tr").Length(); n != 2 {
		t.Fatalf("%d rows", n)
	}
	first := d.Find("#poles tbody tr").Last() // newest first: Warm is the older
	if href, _ := first.Find("a").Attr("href"); href != polePath(res[0].ID, "") || first.Find("td").Eq(2).Text() != "SV" || first.Find("td").Eq(3).Text() != "0" {
		t.Fatalf("row %q", first.Text())
	}
}

func TestPolePageEditsTerms(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Description: "cosy", Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", polePath(p.ID, ""), nil, nil).Expect(t, 200))
	if d.Find("#pole-details h1").Text() != "Warm" || d.Find("#pole-delete").Length() != 1 || !strings.Contains(d.Find("#parts").Text(), "no terms yet") {
		t.Fatal("pole page")
	}
	if v, _ := d.Find(`#pole-details select[name=language] option[selected]`).Attr("value"); v != "EN" {
		t.Fatalf("language %q", v)
	}

	// Add terms; the default weight is 1; a known term in another case
	// takes the new weight (a decimal comma is fine).
	add := func(term, weight string, want int) *goquery.Document {
		t.Helper()
		r := b.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {term}, "weight": {weight}}, htmx).Expect(t, want)
		if want == 200 && r.Header.Get("HX-Trigger") != "poleChanged" {
			t.Fatalf("HX-Trigger %q", r.Header.Get("HX-Trigger"))
		}
		return b.doc(r)
	}
	add("sun", "", 200)
	add(" fire ", "2", 200)
	d = add("SUN", "0,5", 200)
	if got := poleTerms(d); !reflect.DeepEqual(got, [][2]string{{"sun", "0.5"}, {"fire", "2"}}) {
		t.Fatalf("terms %v", got)
	}
	if !strings.Contains(d.Find("#parts p.notice").Text(), "“sun” has the weight 0.5") {
		t.Fatalf("notice %q", d.Find("#parts").Text())
	}
	// Errors: 422 with the message, the form refilled, nothing changed.
	d = add("tea", "heavy", http.StatusUnprocessableEntity)
	if msg := strings.ToLower(d.Find("#parts p.error").Text()); !strings.Contains(msg, "weight must be a number") {
		t.Fatalf("error %q", msg)
	}
	if v, _ := d.Find(`form.add input[name=term]`).Attr("value"); v != "tea" {
		t.Fatalf("term not kept: %q", v)
	}
	d = add("   ", "1", http.StatusUnprocessableEntity)
	if msg := strings.ToLower(d.Find("#parts p.error").Text()); !strings.Contains(msg, "term must not be empty") {
		t.Fatalf("error %q", msg)
	}
	d = add("x", "NaN", http.StatusUnprocessableEntity)
	if msg := strings.ToLower(d.Find("#parts p.error").Text()); !strings.Contains(msg, "weight must be a finite number") {
		t.Fatalf("error %q", msg)
	}
	if got, _ := e.Svc.Pole(e.As("ann"), p.ID); len(got.Parts) != 2 {
		t.Fatalf("refused forms changed the parts: %+v", got.Parts)
	}

	// Remove a term.
	r := b.do("POST", polePath(p.ID, "/parts/remove"), url.Values{"_csrf": {csrf}, "term": {"Fire"}}, htmx).Expect(t, 200)
	if got := poleTerms(b.doc(r)); !reflect.DeepEqual(got, [][2]string{{"sun", "0.5"}}) {
		t.Fatalf("after removing: %v", got)
	}
	// Without htmx the whole page answers.
	r = b.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {"heat"}}, nil).Expect(t, 200)
	if d := b.doc(r); d.Find("#pole-details").Length() != 1 || len(poleTerms(d)) != 2 {
		t.Fatalf("full page after a form: %s", r.Body)
	}

	// Name, description and language; a bad language changes nothing.
	r = b.do("POST", polePath(p.ID, ""), url.Values{"_csrf": {csrf}, "name": {"Hot"}, "description": {""}, "language": {"zz"}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	if d := b.doc(r); !strings.Contains(strings.ToLower(d.Find("#pole-details p.error").Text()), "language must be") {
		t.Fatalf("details error: %s", r.Body)
	}
	r = b.do("POST", polePath(p.ID, ""), url.Values{"_csrf": {csrf}, "name": {"Hot"}, "description": {""}, "language": {"sv"}}, htmx).Expect(t, 200)
	if d := b.doc(r); d.Find("#pole-details h1").Text() != "Hot" || r.Header.Get("HX-Trigger") != "poleChanged" {
		t.Fatalf("details saved: %s", r.Body)
	}
	got, _ := e.Svc.Pole(e.As("ann"), p.ID)
	if got.Name != "Hot" || got.Description != "" || got.Language != "SV" || len(got.Parts) != 2 {
		t.Fatalf("pole %+v", got)
	}
	// Forms without the CSRF token are refused.
	b.do("POST", polePath(p.ID, "/parts/remove"), url.Values{"term": {"sun"}}, htmx).Expect(t, http.StatusForbidden)

	// Delete: sent to the list, which says so.
	r = b.do("POST", polePath(p.ID, "/delete"), url.Values{"_csrf": {csrf}}, htmx).Expect(t, http.StatusNoContent)
	if r.Header.Get("HX-Redirect") != "/poles?deleted=1" {
		t.Fatalf("redirect %q", r.Header.Get("HX-Redirect"))
	}
	d = b.doc(b.do("GET", "/poles?deleted=1", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#poles p.notice").Text(), "deleted") {
		t.Fatal("no notice after deleting")
	}
	b.do("GET", polePath(p.ID, ""), nil, nil).Expect(t, http.StatusNotFound)
}

func TestPolePagesRights(t *testing.T) {
	e := testkit.New(t)
	for _, n := range []string{"ann", "max", "eve"} {
		e.AddUser(n, "")
	}
	e.SetManager("max", "ann")
	p, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Language: "en", Parts: []poles.PartInput{{Term: "sun"}}})
	if err != nil {
		t.Fatal(err)
	}

	// The manager sees the pole with its owner, edits it, and is offered
	// no delete; deleting anyway is refused.
	m := newBrowser(t, e)
	csrf := m.login("max", testkit.Password)
	d := m.doc(m.do("GET", "/poles", nil, nil).Expect(t, 200))
	if row := d.Find("#poles tbody tr"); row.Length() != 1 || row.Find("td").Eq(4).Text() != "ann" || row.Find("input[type=checkbox]").Length() != 0 {
		t.Fatalf("manager's list %q", d.Find("#poles").Text())
	}
	d = m.doc(m.do("GET", polePath(p.ID, ""), nil, nil).Expect(t, 200))
	if d.Find("#pole-delete").Length() != 0 || !strings.Contains(d.Find("#pole-details").Text(), "Owned by ann") {
		t.Fatal("manager's pole page")
	}
	m.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {"heat"}}, htmx).Expect(t, 200)
	r := m.do("POST", polePath(p.ID, "/delete"), url.Values{"_csrf": {csrf}}, htmx).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(m.doc(r).Find("#pole-delete p.error").Text(), "nly the owner may delete") {
		t.Fatalf("manager delete: %s", r.Body)
	}
	if got, err := e.Svc.Pole(e.As("ann"), p.ID); err != nil || len(got.Parts) != 2 {
		t.Fatalf("after the manager: %+v %v", got, err)
	}

	// A stranger finds nothing and changes nothing.
	s := newBrowser(t, e)
	csrf = s.login("eve", testkit.Password)
	for _, r := range []*testkit.Response{
		s.do("GET", polePath(p.ID, ""), nil, nil),
		s.do("GET", polePath(p.ID, "/suggestions"), nil, htmx),
		s.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {"x"}}, htmx),
		s.do("POST", polePath(p.ID, "/parts/remove"), url.Values{"_csrf": {csrf}, "term": {"sun"}}, htmx),
		s.do("POST", polePath(p.ID, ""), url.Values{"_csrf": {csrf}, "name": {"Mine"}, "language": {"en"}}, htmx),
		s.do("POST", polePath(p.ID, "/delete"), url.Values{"_csrf": {csrf}}, htmx),
		s.do("GET", "/poles/abc", nil, nil),
		s.do("GET", "/poles/0", nil, nil),
	} {
		if r.Status != http.StatusNotFound {
			t.Fatalf("stranger: %d %s", r.Status, r.Body)
		}
	}
	if got, err := e.Svc.Pole(e.As("ann"), p.ID); err != nil || got.Name != "Warm" || len(got.Parts) != 2 {
		t.Fatalf("after the stranger: %+v %v", got, err)
	}
}

func TestPoleSuggestionsPanel(t *testing.T) {
	ws := &testkit.FakeWordSpaces{
		Candidates: map[string][]string{"EN": {"heat", "sun", "blaze"}},
		Loading:    map[string]bool{"DE": true},
		RetryAfter: 7,
	}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	ann := e.As("ann")
	p, _ := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Warm", Language: "en", Parts: []poles.PartInput{{Term: "Sun"}}})
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", polePath(p.ID, ""), nil, nil).Expect(t, 200))
	if hx, _ := d.Find(`#suggestions form`).Attr("hx-get"); hx != polePath(p.ID, "/suggestions") {
		t.Fatalf("load button hx-get %q", hx)
	}
	r := b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200)
	d = b.doc(r)
	if trig, _ := d.Find("#suggestions").Attr("hx-trigger"); !strings.Contains(trig, "poleChanged from:body") {
		t.Fatalf("panel trigger %q", trig)
	}
	rows := d.Find("#suggestions tbody tr")
	if rows.Length() != 2 || !strings.Contains(rows.Eq(0).Find("td.term").Text(), "heat") || !strings.Contains(rows.Eq(1).Find("td.term").Text(), "blaze") {
		t.Fatalf("suggestions %q", d.Find("#suggestions").Text())
	}
	// Each suggestion has a button that adds it with weight 1.
	form := rows.Eq(0).Find("form")
	action, _ := form.Attr("hx-post")
	term, _ := form.Find("input[name=term]").Attr("value")
	weight, _ := form.Find("input[name=weight]").Attr("value")
	token, _ := form.Find("input[name=_csrf]").Attr("value")
	if target, _ := form.Attr("hx-target"); action != polePath(p.ID, "/parts") || term != "heat" || weight != "1" || token == "" || token == csrf || target != "#parts" {
		t.Fatalf("add form %s %s %s %s", action, term, weight, target)
	}
	r = b.do("POST", action, url.Values{"_csrf": {token}, "term": {term}, "weight": {weight}}, htmx).Expect(t, 200)
	if got := poleTerms(b.doc(r)); !reflect.DeepEqual(got, [][2]string{{"Sun", "1"}, {"heat", "1"}}) {
		t.Fatalf("after adding a suggestion: %v", got)
	}
	// The panel reloaded leaves the added term out.
	d = b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	if n := d.Find("#suggestions tbody tr").Length(); n != 1 {
		t.Fatalf("%d suggestions after adding one", n)
	}
	// Without htmx the page answers with the panel loaded.
	d = b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, nil).Expect(t, 200))
	if d.Find("#pole-details").Length() != 1 || d.Find("#suggestions tbody tr").Length() != 1 {
		t.Fatal("full page with suggestions")
	}

	// A loading space: a message, and the panel asks again by itself.
	de, _ := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Warm", Language: "de", Parts: []poles.PartInput{{Term: "Sonne"}}})
	d = b.doc(b.do("GET", polePath(de.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	trig, _ := d.Find("#suggestions").Attr("hx-trigger")
	if !strings.Contains(d.Find("#suggestions p.error").Text(), "loading") || !strings.Contains(trig, "load delay:7s") {
		t.Fatalf("loading panel %q %q", d.Find("#suggestions").Text(), trig)
	}
	// No space for the language.
	fr, _ := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Chaud", Language: "fr"})
	d = b.doc(b.do("GET", polePath(fr.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("#suggestions p.error").Text(), "available: EN") {
		t.Fatalf("panel %q", d.Find("#suggestions").Text())
	}
}

func TestPoleSuggestionsPanelWithoutWordSpaces(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p, _ := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Language: "en"})
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	if got := d.Find("#suggestions p.error").Text(); got != "No word space is available" {
		t.Fatalf("panel %q", got)
	}
}
