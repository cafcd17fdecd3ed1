package web_test

import (
	"context"
	"explorer/projects"
	"net/url"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestProjectPageJobProgress: a running job (here one another instance
// runs) shows on the project page as a progress bar with the share done,
// the texts read and the time left by the service's clock, polled every second by htmx, also after a reload;
// the partial answers the same bar, and once the job has ended it asks
// htmx to reload the page. A job interrupted by a restart is shown so,
// with "Start again", which runs it; a FAILED project offers to explore
// again or delete.
func TestProjectPageJobProgress(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	content, _ := testkit.SurveyCSV(300)
	p := e.ImportProject("ann", "Survey", content)
	path := "/projects/" + itoa(p.ID)
	bg := context.Background()
	j := &projects.Job{OwnerID: p.OwnerID, Kind: projects.JobExplore, ProjectID: p.ID, Created: e.Clock.Now()}
	if err := e.DB.CreateJob(bg, j, 5); err != nil {
		t.Fatal(err)
	}
	if c, err := e.DB.ClaimJob(bg, "other", e.Clock.Now()); err != nil || c == nil {
		t.Fatalf("claim %+v %v", c, err)
	}
	e.Clock.Advance(2 * time.Minute) // a third read in 2 minutes: 4 left, by the service's clock
	if _, err := e.DB.SetJobProgress(bg, j.ID, 300, 900, e.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	for range 2 { // a reload shows it again
		d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
		box := d.Find("#job")
		if box.AttrOr("hx-get", "") != path+"/job" || box.AttrOr("hx-trigger", "") != "every 1s" {
			t.Fatalf("job box %s", box.Text())
		}
		if d.Find("#job-bar").AttrOr("value", "") != "33" || !strings.Contains(d.Find("#job-figures").Text(), "300 of 900 texts read") ||
			!strings.Contains(d.Find("#job-figures").Text(), "about 4 minutes left") ||
			!strings.Contains(box.Find("h2").Text(), "Exploring") {
			t.Fatalf("progress %q %q", d.Find("#job-bar").AttrOr("value", ""), d.Find("#job-figures").Text())
		}
	}
	r := b.do("GET", path+"/job", nil, htmx).Expect(t, 200)
	if b.doc(r).Find("#job-bar").Length() != 1 || r.Header.Get("HX-Refresh") != "" {
		t.Fatalf("partial %s", r.Body)
	}
	// bob sees nothing of it.
	other := newBrowser(t, e)
	other.login("bob", testkit.Password)
	other.do("GET", path+"/job", nil, htmx).Expect(t, 404)
	// The server stops: at its start the job is interrupted.
	if err := e.DB.SetProjectStatus(bg, p.ID, explorer.ProjectExploring, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.RecoverJobs(bg); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.RecoverProjects(bg); err != nil {
		t.Fatal(err)
	}
	if r := b.do("GET", path+"/job", nil, htmx).Expect(t, 200); r.Header.Get("HX-Refresh") != "true" {
		t.Fatal("an ended job does not reload the page")
	}
	d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#job h2").Text(), "interrupted") || d.Find("#job form button").Text() != "Start again" ||
		d.Find("#job").AttrOr("hx-get", "") != "" {
		t.Fatalf("interrupted job %s", d.Find("#job").Text())
	}
	if !strings.Contains(d.Find("#failed").Text(), "Explore it again") || d.Find("form#explore").Length() != 1 || d.Find("form#delete").Length() != 1 {
		t.Fatalf("failed project %s", d.Find("#failed").Text())
	}
	b.do("POST", path+"/job/again", url.Values{"_csrf": {csrf}}, nil)
	e.Svc.WaitJobs()
	d = b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find("#job").Children().Length() != 0 || !strings.Contains(d.Find("#status").Text(), "Explored") {
		t.Fatalf("after starting again: %s / %s", d.Find("#status").Text(), d.Find("#job").Text())
	}
}
