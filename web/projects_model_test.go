package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
)

// The project page creates a model from the project's topics (as
// POST /v1/models/create), and applying a model to an explored project
// shows its topics counted at once.
func TestProjectPageCreatesModelAndCountsApplied(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(120)
	p := e.ImportProject("ann", "Survey", content)
	path := "/projects/" + itoa(p.ID)

	// No topics, no form.
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find("#create-model").Length() != 0 {
		t.Fatal("create-model form before there are topics")
	}
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	form := d.Find("form#create-model")
	if v, _ := form.Find("input[name=title]").Attr("value"); v != "Survey" || form.Find("input[type=checkbox][name=dynamic]").Length() != 1 {
		t.Fatalf("create-model form %q", form.Text())
	}
	// A title too long: 422 on the form, no model.
	r := b.do("POST", path+"/model", url.Values{"_csrf": {csrf}, "title": {strings.Repeat("t", mdl.ModelTitleMax+1)}}, htmx)
	if r.Status != http.StatusUnprocessableEntity || b.doc(r).Find("#create-model .error").Length() != 1 {
		t.Fatalf("long title: %d %s", r.Status, r.Body)
	}
	if ms, _ := e.Svc.Models(ann); len(ms) != 0 {
		t.Fatalf("models %d", len(ms))
	}
	r = b.do("POST", path+"/model", url.Values{"_csrf": {csrf}, "title": {"Survey topics"}, "dynamic": {"true"}}, htmx)
	target := r.Header.Get("HX-Redirect")
	ms, _ := e.Svc.Models(ann)
	if len(ms) != 1 || target != "/models/"+itoa(ms[0].ID)+"?made=1" || *ms[0].Title != "Survey topics" || ms[0].Type != mdl.ModelDynamic {
		t.Fatalf("created %d %q %+v", r.Status, target, ms)
	}
	// The new model says it was made, with a link back to its project;
	// later visits say where it came from; the project lists it.
	d = b.doc(b.do("GET", target, nil, nil).Expect(t, 200))
	if n := d.Find("#made-notice"); n.Text() != "Model created from the topics of the project Survey." || n.Find(`a[href="`+path+`"]`).Length() != 1 {
		t.Fatalf("made notice %q", n.Text())
	}
	d = b.doc(b.do("GET", "/models/"+itoa(ms[0].ID), nil, nil).Expect(t, 200))
	if d.Find("#made-notice").Length() != 0 || d.Find(`#model-source a[href="`+path+`"]`).Text() != "Survey" {
		t.Fatalf("model source %q", d.Find("#model-source").Text())
	}
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if a := d.Find(`#made-models a`); a.Length() != 1 || a.AttrOr("href", "") != "/models/"+itoa(ms[0].ID) || a.Text() != "Survey topics" {
		t.Fatalf("models made from the project: %q", d.Find("#made-models").Text())
	}
	mp, _ := e.Svc.ModelProjects(ann, ms[0].ID)
	if mp.MasterProject == nil || mp.MasterProject.ID != p.ID {
		t.Fatalf("master project %+v", mp)
	}

	// Another explored project applies it: counted at once, none zero
	// where the source's counts are not.
	q := e.ImportProject("ann", "Other", content)
	if _, err := e.Svc.ExploreProject(ann, q.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	r = b.do("POST", "/projects/"+itoa(q.ID)+"/apply", url.Values{"_csrf": {csrf}, "model": {itoa(ms[0].ID)}}, htmx).Expect(t, 200)
	d = b.doc(r)
	if n := d.Find("p.notice").Text(); !strings.Contains(n, "counted in the") {
		t.Fatalf("notice %q", n)
	}
	counts := d.Find("#topics td.count")
	if counts.Length() == 0 || strings.TrimSpace(counts.First().Text()) == "0" || strings.Contains(d.Find("#topics").Text(), "not counted") {
		t.Fatalf("topics after applying: %s", d.Find("#topics").Text())
	}
	// A READY project applies it: its topics are not counted yet.
	r3 := e.ImportProject("ann", "Third", content)
	d = b.doc(b.do("POST", "/projects/"+itoa(r3.ID)+"/apply", url.Values{"_csrf": {csrf}, "model": {itoa(ms[0].ID)}}, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("#topics td.count").First().Text(), "not counted") {
		t.Fatalf("ready project topics: %s", d.Find("#topics").Text())
	}
	// Another user cannot create a model from ann's project.
	e.AddUser("bob", "")
	bob := newBrowser(t, e)
	bcsrf := bob.login("bob", testkit.Password)
	bob.do("POST", path+"/model", url.Values{"_csrf": {bcsrf}, "title": {"Mine"}}, htmx).Expect(t, 404)
	// A reader of the model who does not own the project is not told of
	// it; deleting the model takes it off the project's page.
	shareAccepted(t, e, "ann", ms[0].ID, "bob", explorer.RightsRead)
	d = bob.doc(bob.do("GET", target, nil, nil).Expect(t, 200))
	if d.Find("#made-notice, #model-source").Length() != 0 {
		t.Fatal("bob is told of ann's project")
	}
	if err := e.Svc.DeleteModel(ann, ms[0].ID); err != nil {
		t.Fatal(err)
	}
	if d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200)); strings.TrimSpace(d.Find("#made-models").Text()) != "none" {
		t.Fatalf("after the model's deletion: %q", d.Find("#made-models").Text())
	}
}
