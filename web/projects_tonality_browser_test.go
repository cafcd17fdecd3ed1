package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"
	"explorer/poles"

	"github.com/chromedp/chromedp"
)

// typeSlowly types text into sel at a person's speed (30 ms a key).
func typeSlowly(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range text {
			if err := chromedp.Do(ctx, chromedp.SendKeys(sel, string(r))); err != nil {
				return err
			}
			time.Sleep(30 * time.Millisecond)
		}
		return nil
	})
}

// noSidewaysScroll fails when the page is wider than the screen.
func noSidewaysScroll(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	if err != nil || wide {
		t.Fatalf("%s scrolls sideways at 390 px (%v)", name, err)
	}
}

// TestBrowserProjectTonality: a hotel-review project explored and
// measured; at 390 px its topics are sorted by negative share, a click on
// a topic's negative segment opens its negative texts with the topic and
// opinion words marked, a search typed there narrows them, the breakdown
// and the timeline load, and a pole is chosen on the project page; no
// page scrolls sideways and axe finds nothing serious.
func TestBrowserProjectTonality(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := e.ImportProject("ann", "Hotels", hotelCSV())
	p, err := e.Svc.ExploreProject(ann, p.ID, "review")
	if err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	pole, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Praise", Language: "en", Parts: []poles.PartInput{{Term: "great"}, {Term: "friendly"}}})
	if err != nil {
		t.Fatal(err)
	}
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	step := func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	signInBrowser(t, ctx, base, "ann")
	project := base + "/projects/" + itoa(p.ID)
	step("project page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(project),
		chromedp.WaitVisible(`#evidence .topic-evidence .tone-bar`), htmxReady(`nav.sorts a[href$="sort=negative"]`))
	step("sort by negative share", chromedp.Click(`nav.sorts a[href$="sort=negative"]`),
		chromedp.WaitVisible(`nav.sorts a[aria-current][href$="sort=negative"]`))
	if u, _ := chromedp.Run(ctx, chromedp.Location()); !strings.HasSuffix(u, "/topics?sort=negative") {
		t.Fatalf("sorted page's address %q", u)
	}
	browser.Screenshot(t, ctx, "tonality-topics-390")
	elementShot(t, ctx, `#evidence .tone-head`, "tonality-head-390")
	elementShot(t, ctx, `#evidence article.topic-evidence:first-of-type`, "tonality-first-topic-390")
	noSidewaysScroll(t, ctx, "sorted topics")
	first := `#evidence article.topic-evidence:first-of-type`
	title, err := chromedp.Run(ctx, chromedp.Text(first+` h4`))
	if err != nil {
		t.Fatal(err)
	}
	step("click the negative segment", chromedp.ScrollIntoView(first+` svg rect.seg-negative`), chromedp.Click(first+` svg rect.seg-negative`),
		chromedp.WaitVisible(`#texts ol.texts mark.topic`))
	u, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(u, "/texts?") || !strings.Contains(u, "tonality=negative") {
		t.Fatalf("segment opened %q", u)
	}
	if sel, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('select[name=topic]').selectedOptions[0].text`)); !strings.HasSuffix(sel, ": "+title) {
		t.Fatalf("topic filter %q, clicked %q", sel, title)
	}
	labels, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#texts .text-topics .label')].map(e => e.textContent).join(',')`))
	if !strings.Contains(labels, "negative") {
		t.Fatalf("topic labels %q", labels)
	}
	browser.Screenshot(t, ctx, "tonality-texts-390")
	noSidewaysScroll(t, ctx, "texts page")
	checkAxeIfInstalled(t, ctx, "texts page")
	word, err := chromedp.Run(ctx, chromedp.Text(`#texts mark.topic`))
	if err != nil || word == "" {
		t.Fatalf("no topic mark: %v", err)
	}
	step("search", htmxReady(`#text-filters button`), typeSlowly(`#text-filters input[name=q]`, strings.ToLower(word)),
		chromedp.Click(`#text-filters button[type=submit]`), waitJS(`location.search.includes('q=')`), chromedp.WaitVisible(`#texts-total`))
	bodies, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#texts .text-body')].map(e => e.textContent.toLowerCase())`))
	if len(bodies) == 0 {
		t.Fatalf("no text holds %q", word)
	}
	for _, b := range bodies {
		if !strings.Contains(b, strings.ToLower(word)) {
			t.Fatalf("search %q lists %q", word, b)
		}
	}
	browser.Screenshot(t, ctx, "tonality-search-390")
	step("back to the project", chromedp.Navigate(project), chromedp.WaitVisible(`#evidence .tone-bar`), chromedp.WaitVisible(`#breakdown table.breakdown`),
		chromedp.WaitVisible(`#timeline figure.timeline`), htmxReady(`#project-poles button`))
	elementShot(t, ctx, `#timeline`, "tonality-timeline-390")
	elementShot(t, ctx, `#breakdown`, "tonality-breakdown-390")
	box := `#project-poles input[name=pole][value="` + itoa(pole.ID) + `"]`
	step("pick a pole", chromedp.ScrollIntoView(box), chromedp.Click(box), chromedp.Click(`#project-poles button[type=submit]`),
		chromedp.WaitVisible(`#project-poles .notice`))
	if ids, _ := e.Svc.ProjectPoles(ann, p.ID); len(ids) != 1 || ids[0] != pole.ID {
		t.Fatalf("project poles %v", ids)
	}
	noSidewaysScroll(t, ctx, "project page")
	checkAxeIfInstalled(t, ctx, "project page with tonality")
	elementShot(t, ctx, `#project-poles`, "tonality-poles-390")
	e.Svc.WaitMeasured()
	step("wide page", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(project+"/topics?sort=negative"),
		chromedp.WaitVisible(`#evidence .pole-scores`), chromedp.WaitVisible(`#timeline figure.timeline`))
	elementShot(t, ctx, `#evidence`, "tonality-evidence-1280")
	elementShot(t, ctx, `#timeline`, "tonality-timeline-1280")
}

// elementShot saves a PNG of one element to EXPLORER_SCREENSHOTS (when
// set), for looking at a part of a long page.
func elementShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(sel))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
	}
}
