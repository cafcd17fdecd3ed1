package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/PuerkitoBio/goquery"
)

type goqSel = goquery.Selection

// shareAccepted shares a model and accepts the invitation.
func shareAccepted(t *testing.T, e *testkit.Env, owner string, id int64, to, rights string) {
	t.Helper()
	inv, err := e.Svc.ShareModel(e.As(owner), id, to, rights)
	if err == nil {
		err = e.Svc.AcceptModelInvitation(e.As(to), inv.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestModelEditorPartials checks the editor's controls and the partial
// each form answers: moves, pins, chips, a stale form, and the plain
// (no htmx) answers.
func TestModelEditorPartials(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Menu"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	path := "/models/" + itoa(m.ID)
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	// Every control is labelled; the first group cannot move up, the last
	// not down; chips have a remove button and a term box.
	if d.Find(`#model-version`).AttrOr("value", "") != "1" || d.Find(`#group-1-up[disabled]`).Length() != 1 || d.Find(`#group-2-down[disabled]`).Length() != 1 || d.Find(`#group-1-down[disabled]`).Length() != 0 {
		t.Fatal("move buttons")
	}
	if d.Find(`#topic-1 button.chip-remove[aria-label="Remove term a from A"]`).Length() != 1 || d.Find(`label[for="term-1"]`).Length() != 1 || d.Find(`#term-1.term-input`).Length() != 1 {
		t.Fatal("chips of topic A lack their controls")
	}
	if d.Find(`[style], script:not([src])`).Length() != 0 {
		t.Fatal("inline style or script (the CSP forbids them)")
	}

	// tag is the version the page shows, moved on by every answer.
	tag := "1"
	post := func(p string, form url.Values) *testkit.Response {
		form.Set("_csrf", csrf)
		if form.Get("version") == "" {
			form.Set("version", tag)
		}
		r := b.post(path+p, form)
		if v := b.doc(r).Find(`#model-version[hx-swap-oob]`).AttrOr("value", ""); v != "" {
			tag = v
		}
		return r
	}
	// Move group B up: the list of groups answers, B first. Version 1 (the
	// upload) is never amended: the first edit makes version 2.
	r := post("/groups/2/move", url.Values{"direction": {"up"}}).Expect(t, 200)
	d = b.doc(r)
	if ids := d.Find("#groups > details").Map(func(_ int, s *goqSel) string { return s.AttrOr("id", "") }); strings.Join(ids, ",") != "group-2,group-1" {
		t.Fatalf("groups after moving B up: %v", ids)
	}
	if d.Find("#groups > .notice").Text() != "Group moved." || tag != "2" || d.Find(`#model-status[hx-swap-oob]`).Length() != 1 {
		t.Fatalf("move answer: %s", r.Body)
	}
	post("/groups/2/move", url.Values{"direction": {"sideways"}}).Expect(t, http.StatusUnprocessableEntity)

	// Add a topic to A and move it up: only group A answers. ann's edits
	// within minutes amend her version 2.
	post("/groups/1/topics", url.Values{"title": {"Z"}}).Expect(t, 200)
	r = post("/topics/3/move", url.Values{"direction": {"up"}}).Expect(t, 200)
	d = b.doc(r)
	if d.Find("details.group").Length() != 1 || d.Find("#group-1 li.topic").First().AttrOr("id", "") != "topic-3" || d.Find("#group-1 .notice").Text() != "Topic moved." || tag != "2.2" {
		t.Fatalf("topic move answer (%s): %s", tag, r.Body)
	}
	// Pin and rename group A, rename topic Z, add and remove chips: a
	// term form answers the topic's chips only.
	post("/groups/1", url.Values{"title": {"Alpha"}, "pinned": {"true"}}).Expect(t, 200)
	post("/topics/3", url.Values{"title": {"Zed"}}).Expect(t, 200)
	r = post("/topics/3/terms", url.Values{"term": {"zed, zee"}}).Expect(t, 200)
	d = b.doc(r)
	if chipsOf(d, 3) != "zed,zee" || d.Find("details.group, #term-3").Length() != 0 || d.Find("#terms-3").Length() != 1 {
		t.Fatalf("answer to adding terms: %s", r.Body)
	}
	// The counts of the model and of the group follow every change.
	if c := d.Find(`#model-counts[hx-swap-oob]`).Text(); c != "2 groups, 5 terms." {
		t.Fatalf("model counts after adding terms: %q", c)
	}
	if c := strings.Join(strings.Fields(d.Find(`#group-count-1[hx-swap-oob]`).Text()), " "); c != "pinned, 2 topics, 4 terms" {
		t.Fatalf("group counts after adding terms: %q", c)
	}
	// A term the topic holds is answered, not added again.
	before := tag
	d = b.doc(post("/topics/3/terms", url.Values{"term": {" ZED "}}).Expect(t, 200))
	if said := d.Find("#terms-3 .term-said").Text(); said != "“ZED” is already in this topic." || d.Find("#editor-live").Text() != said || chipsOf(d, 3) != "zed,zee" || tag != before {
		t.Fatalf("adding a term held already (%s): %s", tag, d.Text())
	}
	d = b.doc(post("/topics/3/terms/remove", url.Values{"term": {"zed"}}).Expect(t, 200))
	if undo := d.Find("#terms-3 form.undo"); undo.Find("input[name=term]").AttrOr("value", "") != "zed" || undo.Find("input[name=at]").AttrOr("value", "") != "0" {
		t.Fatalf("removal without its undo: %s", d.Text())
	}
	r = post("/topics/3/terms/remove", url.Values{"term": {"gone"}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find(".editor-error").Text(), "no longer in the topic") {
		t.Fatalf("removing a missing term: %d %s", r.Status, r.Body)
	}
	r = post("/topics/3/terms", url.Values{"term": {" "}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find(".editor-error").Text(), "Type a term") {
		t.Fatalf("adding nothing: %d %s", r.Status, r.Body)
	}
	got, _ := e.Svc.Model(e.As("ann"), m.ID)
	g := got.Groups[1]
	if got.Version != 2 || g.Title != "Alpha" || !g.Pinned || g.Topics[0].Title != "Zed" || strings.Join(g.Topics[0].Terms, ",") != "zee" {
		t.Fatalf("model after the editor: version %d %+v", got.Version, g)
	}
	// Undo puts the term back where it was.
	post("/topics/3/terms", url.Values{"term": {"zed"}, "at": {"0"}}).Expect(t, 200)
	if got, _ = e.Svc.Model(e.As("ann"), m.ID); strings.Join(got.Groups[1].Topics[0].Terms, ",") != "zed,zee" {
		t.Fatalf("after undo: %v", got.Groups[1].Topics[0].Terms)
	}

	// A stale form naming a topic removed since: refused, the topic is
	// said to be gone, the page's version moves on.
	old := tag
	post("/topics/3/delete", url.Values{}).Expect(t, 200)
	now := tag
	r = post("/topics/3/terms", url.Values{"version": {old}, "term": {"late"}})
	d = b.doc(r)
	if r.Status != http.StatusUnprocessableEntity || r.Header.Get("HX-Reswap") != "beforebegin" || !strings.Contains(d.Find(".editor-error").Text(), "no longer in the model") || tag != now {
		t.Fatalf("stale form for a removed topic: %d %s", r.Status, r.Body)
	}

	// A stale ignored-terms form is refused before the form too.
	r = post("/ignore", url.Values{"version": {old}, "terms": {"the"}})
	if r.Status != http.StatusUnprocessableEntity || r.Header.Get("HX-Retarget") != "this" || !strings.Contains(b.doc(r).Find(".editor-error").Text(), "version "+now) {
		t.Fatalf("stale ignored terms: %d %s", r.Status, r.Body)
	}

	// Renaming answers only the title form and, out of band, the heading.
	d = b.doc(post("/title", url.Values{"title": {"Lunch"}}).Expect(t, 200))
	if d.Find("#title-part .notice").Text() != "Title saved." || d.Find(`h1#model-heading[hx-swap-oob]`).Text() != "Lunch" || d.Find("#structure").Length() != 0 {
		t.Fatalf("rename answer: %s", d.Text())
	}
	post("/title", url.Values{"title": {"Menu"}}).Expect(t, 200)
	// An emptied title is refused with a message, before the form.
	for _, blank := range []string{"", "   "} {
		r = post("/title", url.Values{"title": {blank}})
		if r.Status != http.StatusUnprocessableEntity || r.Header.Get("HX-Retarget") != "this" || !strings.Contains(b.doc(r).Find(".editor-error").Text(), "title cannot be empty") {
			t.Fatalf("empty title: %d %s", r.Status, r.Body)
		}
	}
	if got, _ = e.Svc.Model(e.As("ann"), m.ID); got.Title == nil || *got.Title != "Menu" {
		t.Fatalf("title after an empty one: %v", got.Title)
	}

	// Without htmx a form answers the whole page with its notice.
	r = b.do("POST", path+"/groups/1", url.Values{"_csrf": {csrf}, "version": {tag}, "title": {"Alpha"}}, nil).Expect(t, 200)
	if d = b.doc(r); d.Find("h1").Text() != "Menu" || d.Find("#group-1 .notice").Text() != "" || d.Find("#model .notice").Text() != "Group saved." {
		t.Fatalf("plain answer: %s", d.Find("#model").Text())
	}
}

// TestModelEditorReadOnly: a READ holder sees the same structure with no
// form or button that changes the model.
func TestModelEditorReadOnly(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("cy", "")
	m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Menu"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	shareAccepted(t, e, "ann", m.ID, "cy", explorer.RightsRead)
	cy := newBrowser(t, e)
	cy.login("cy", testkit.Password)
	d := cy.doc(cy.do("GET", "/models/"+itoa(m.ID), nil, nil).Expect(t, 200))
	if d.Find("details.group").Length() != 2 || chipsOf(d, 1) != "a,b" || chipsOf(d, 2) != "c" {
		t.Fatalf("cy's page: %s", d.Find("#structure").Text())
	}
	// The only form is the one that removes cy's own access (it leaves
	// the model, it does not change it); the one box besides the search
	// is the view's "one group at a time".
	d.Find("form").Each(func(_ int, s *goqSel) {
		action := s.AttrOr("action", "")
		if action != "/logout" && action != "/login" && s.AttrOr("method", "") != "dialog" && !strings.HasSuffix(action, "/remove") && !strings.HasSuffix(action, "/search") {
			t.Errorf("form for a READ holder: %s", action)
		}
	})
	if n := d.Find("#model button:not(form.search button)").Length(); n != 1 || d.Find("#model input:not([type=hidden]):not([type=search]):not(#one-group)").Length() != 0 || d.Find("#model textarea, #model select").Length() != 0 {
		t.Fatalf("READ holder has %d buttons or inputs", n)
	}
}

// TestNotFoundKeepsNavigation: a signed-in person's 404 page has the
// navigation and the sign-out form; an anonymous one is not sent to sign in.
func TestNotFoundKeepsNavigation(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/no-such-page", nil, nil).Expect(t, 404))
	if d.Find(`header.top nav a[href="/models"]`).Length() != 1 || d.Find(`form.signout`).Length() != 1 {
		t.Fatalf("404 page without navigation: %s", d.Find("header").Text())
	}
	anon := newBrowser(t, e)
	anon.do("GET", "/no-such-page", nil, nil).Expect(t, 404)
}
