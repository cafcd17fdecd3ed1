package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserProjectTopicEvidence: the project page reads its topics'
// evidence after it is shown (counts, shares, examples with marked
// terms), readable at 390 px without the page scrolling sideways; a
// topic unticked there is left out of the model created from the page.
func TestBrowserProjectTopicEvidence(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(400)
	p := e.ImportProject("ann", "Survey", content)
	p, err := e.Svc.ExploreProject(ann, p.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	ids := topicIDs(p)
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)
	step := func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	signInBrowser(t, ctx, base, "ann")
	step("narrow page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+"/projects/"+itoa(p.ID)),
		chromedp.WaitVisible(`#evidence .topic-evidence mark`))
	browser.Screenshot(t, ctx, "project-evidence-390")
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	if err != nil || wide {
		t.Fatalf("the page scrolls sideways at 390 px (%v)", err)
	}
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#evidence mark').length`))
	if err != nil || marks == 0 {
		t.Fatalf("marks %d %v", marks, err)
	}
	checkAxeIfInstalled(t, ctx, "project topics' evidence")
	first := `#topic-` + itoa(ids[0]) + ` input[name=topic]`
	step("untick a topic and create", chromedp.Click(first), htmxReady(`#create-model button`),
		chromedp.SetValue(`#create-model input[name=title]`, "Kept topics"),
		chromedp.Click(`#create-model button[type=submit]`), chromedp.WaitVisible(`#model-heading`))
	if h, err := chromedp.Run(ctx, chromedp.Text(`#model-heading`)); err != nil || !strings.Contains(h, "Kept topics") {
		t.Fatalf("model page heading %q %v", h, err)
	}
	ms, _ := e.Svc.Models(ann)
	m, err := e.Svc.Model(ann, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, g := range m.Groups {
		for _, tp := range g.Topics {
			got = append(got, tp.ID)
		}
	}
	if len(got) != len(ids)-1 || got[0] == ids[0] {
		t.Fatalf("model topics %v, project %v without %d", got, ids, ids[0])
	}
	step("wide page", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"/projects/"+itoa(p.ID)),
		chromedp.WaitVisible(`#evidence .topic-evidence mark`))
	browser.Screenshot(t, ctx, "project-evidence-1280")
}
