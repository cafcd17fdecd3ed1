package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/wordspace"
)

// The project page's "Learn words" form trains the project's word space
// once the project is explored; before, it is not offered, and a post
// is answered 422 with the reason on the page.
func TestProjectPageLearnsWords(t *testing.T) {
	ps := wordspace.NewProjectSpaces()
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = ps })
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	content, _ := testkit.SurveyCSV(300)
	p := e.ImportProject("ann", "Survey", content)
	path := "/projects/" + itoa(p.ID)
	if d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200)); d.Find("form#wordspace").Length() != 0 {
		t.Fatal("learn form offered before exploring")
	}
	r := b.do("POST", path+"/wordspace", url.Values{"_csrf": {csrf}}, htmx)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find("#project .error").Text(), "explore a text column first") {
		t.Fatalf("unexplored: %d %s", r.Status, b.doc(r).Find("#project .error").Text())
	}
	b.do("POST", path+"/explore", url.Values{"_csrf": {csrf}, "column": {"comment"}}, htmx).Expect(t, 200)
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find("form#wordspace button").Length() != 1 {
		t.Fatal("learn form missing after exploring")
	}
	if r := b.do("POST", path+"/wordspace", url.Values{"_csrf": {""}}, htmx); r.Status != http.StatusForbidden {
		t.Fatalf("without CSRF: %d", r.Status)
	}
	r = b.do("POST", path+"/wordspace", url.Values{"_csrf": {csrf}}, htmx).Expect(t, 200)
	if txt := b.doc(r).Find("#project").Text(); !strings.Contains(txt, "Learned") || !strings.Contains(txt, "poles in EN") {
		t.Fatalf("after learning: %s", txt)
	}
}

// A second "Learn words" while the project's space is being built is
// told so on the page (422), not queued behind the first.
func TestProjectPageLearnWhileBuilding(t *testing.T) {
	held := testkit.NewHeldProjectSpaces()
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = held })
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	content, _ := testkit.SurveyCSV(300)
	p := e.ImportProject("ann", "Survey", content)
	if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := e.Svc.BuildProjectSpace(e.As("ann"), p.ID)
		done <- err
	}()
	<-held.Started
	r := b.do("POST", "/projects/"+itoa(p.ID)+"/wordspace", url.Values{"_csrf": {csrf}}, htmx)
	msg := b.doc(r).Find("#project .error").Text()
	close(held.Release)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(msg, "already being built") {
		t.Fatalf("while building: %d %q", r.Status, msg)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
