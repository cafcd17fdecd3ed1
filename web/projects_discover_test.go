package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/projects"

	"github.com/PuerkitoBio/goquery"
)

// discoverPageFixture is ann's hotel reviews explored with her DYNAMIC
// model of one topic (Room), and ann signed in.
func discoverPageFixture(t *testing.T) (*testkit.Env, *client, string, *explorer.Project, *mdl.Model) {
	t.Helper()
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	ctx := e.As("ann")
	src := e.CreateProject("ann", "Rooms", []explorer.Group{{Title: "Stay", Topics: []explorer.Topic{{Title: "Room", Terms: []string{"room"}}}}})
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, mdl.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	p := e.ImportProject("ann", "Hotels", hotelCSV())
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if p, err = e.Svc.ExploreProject(ctx, p.ID, "review"); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	return e, b, csrf, p, m
}

// On a project with a model, "Discover topics" lists the topics the model
// lacks apart from the project's topics, each with "Add to the model",
// which adds it to the model's group Discovered; without scripts both
// answer the project page. Numbers out of bounds are 422 in the card.
func TestProjectDiscoverPage(t *testing.T) {
	e, b, csrf, p, m := discoverPageFixture(t)
	path := "/projects/" + itoa(p.ID)
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find(`#discover form[hx-post="`+path+`/discover"] button`).Text() != "Discover topics" || d.Find("#discover li").Length() != 0 {
		t.Fatalf("no discover form: %s", d.Find("#discover").Text())
	}
	d = b.doc(b.do("POST", path+"/discover", url.Values{"_csrf": {csrf}}, htmx).Expect(t, 200))
	items := d.Find("#discover li.discovered-topic")
	if items.Length() == 0 || d.Find("#evidence").Length() != 0 {
		t.Fatalf("discovered: %s", d.Text())
	}
	items.Each(func(_ int, li *goquery.Selection) {
		if analysis.FoldTerm(li.Find("strong").Text()) == "room" || li.Find(`form[hx-post="`+path+`/discover/add"] button`).Text() != "Add to the model" {
			t.Fatalf("item %s", li.Text())
		}
	})
	first := items.First()
	form := url.Values{"_csrf": {csrf}, "title": {first.Find(`input[name=title]`).AttrOr("value", "")}}
	first.Find(`input[name=term]`).Each(func(_ int, in *goquery.Selection) { form.Add("term", in.AttrOr("value", "")) })
	d = b.doc(b.do("POST", path+"/discover/add", form, htmx).Expect(t, 200))
	if !strings.Contains(d.Find("li .notice").Text(), "Added") || d.Find("form").Length() != 0 {
		t.Fatalf("add: %s", d.Text())
	}
	model, err := e.Svc.Model(e.As("ann"), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if g := model.Groups[len(model.Groups)-1]; g.Title != projects.DiscoveredGroup || g.Topics[0].Title != form.Get("title") {
		t.Fatalf("model groups %+v", model.Groups)
	}
	// Without scripts: the project page with the list, then a notice.
	d = b.doc(b.do("POST", path+"/discover", url.Values{"_csrf": {csrf}, "topics": {"5"}}, nil).Expect(t, 200))
	if d.Find("#project #discover").Length() != 1 || d.Find("#discover li.discovered-topic").Length() > 5 {
		t.Fatalf("discover without scripts: %s", d.Find("#discover").Text())
	}
	r := b.do("POST", path+"/discover", url.Values{"_csrf": {csrf}, "topics": {"500"}}, htmx)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find("#discover .error").Text(), "out of bounds") {
		t.Fatalf("too many topics: %d %s", r.Status, r.Body)
	}
}

// Rights: another user's project is 404 for both forms; a model shared
// to read only cannot be added to (422 with the model's refusal).
func TestProjectDiscoverPageRights(t *testing.T) {
	e, b, csrf, p, _ := discoverPageFixture(t)
	path := "/projects/" + itoa(p.ID)
	eve := newBrowser(t, e)
	eveCSRF := eve.login("eve", testkit.Password)
	eve.do("POST", path+"/discover", url.Values{"_csrf": {eveCSRF}}, htmx).Expect(t, http.StatusNotFound)
	eve.do("POST", path+"/discover/add", url.Values{"_csrf": {eveCSRF}, "title": {"wifi"}, "term": {"wifi"}}, htmx).Expect(t, http.StatusNotFound)
	// Eve's model, shared with ann to read, applied to another project.
	src := e.CreateProject("eve", "Beds", []explorer.Group{{Title: "Stay", Topics: []explorer.Topic{{Title: "Bed", Terms: []string{"bed"}}}}})
	m, err := e.Svc.CreateModelFromProject(e.As("eve"), src.ID, mdl.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := e.Svc.ShareModel(e.As("eve"), m.ID, "ann", explorer.RightsRead)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As("ann"), inv.ID); err != nil {
		t.Fatal(err)
	}
	q := e.ImportProject("ann", "Hotels again", hotelCSV())
	if err := e.Svc.ApplyModel(e.As("ann"), q.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	r := b.do("POST", "/projects/"+itoa(q.ID)+"/discover/add", url.Values{"_csrf": {csrf}, "title": {"wifi"}, "term": {"wifi"}}, htmx)
	if d := b.doc(r); r.Status != http.StatusUnprocessableEntity || !strings.Contains(d.Find(".error").Text(), "only read") {
		t.Fatalf("read-only model: %d %s", r.Status, r.Body)
	}
}
