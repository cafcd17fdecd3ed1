package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserProjectModel is the flow a person clicks through on the
// project page: create a model from the explored project's topics (the
// model page opens), then apply it to another explored project, whose
// topics show their counts at once.
func TestBrowserProjectModel(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(120)
	p := e.ImportProject("ann", "Survey", content)
	q := e.ImportProject("ann", "Other", content)
	for _, id := range []int64{p.ID, q.ID} {
		if _, err := e.Svc.ExploreProject(ann, id, "comment"); err != nil {
			t.Fatal(err)
		}
	}
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)
	step := func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	signInBrowser(t, ctx, base, "ann")
	form := `#create-model`
	step("open the project", chromedp.Navigate(base+"/projects/"+itoa(p.ID)), chromedp.WaitVisible(form))
	browser.Screenshot(t, ctx, "project")
	step("create a model",
		chromedp.SetValue(form+` input[name=title]`, "Survey topics"),
		chromedp.Click(form+` input[name=dynamic]`),
		htmxReady(form+` button`),
		chromedp.Click(form+` button[type=submit]`),
		chromedp.WaitVisible(`#model-heading`),
	)
	if h, err := chromedp.Run(ctx, chromedp.Text(`#model-heading`)); err != nil || !strings.Contains(h, "Survey topics") {
		t.Fatalf("model page heading %q %v", h, err)
	}
	ms, _ := e.Svc.Models(ann)
	if len(ms) != 1 || ms[0].Type != "DYNAMIC" {
		t.Fatalf("models %+v", ms)
	}
	step("open the other project", chromedp.Navigate(base+"/projects/"+itoa(q.ID)), chromedp.WaitVisible(`#apply select`))
	step("apply", htmxReady(`#apply-models button`), chromedp.Click(`#apply-models button[type=submit]`), chromedp.WaitVisible(`#project p.notice`))
	notice, err := chromedp.Run(ctx, chromedp.Text(`#project p.notice`))
	if err != nil || !strings.Contains(notice, "counted") {
		t.Fatalf("notice %q %v", notice, err)
	}
	// The topics' evidence replaces the counts table once read.
	step("evidence", chromedp.WaitVisible(`#evidence .topic-count`))
	first, err := chromedp.Run(ctx, chromedp.Text(`#evidence .topic-count strong`))
	if err != nil || strings.TrimSpace(first) == "0" || strings.Contains(first, "not") {
		t.Fatalf("first count %q %v", first, err)
	}
	browser.Screenshot(t, ctx, "project-applied")
	checkAxeIfInstalled(t, ctx, "project with a model applied")
	step("narrow", chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+"/projects/"+itoa(p.ID)), chromedp.WaitVisible(form))
	browser.Screenshot(t, ctx, "project-390")
}
