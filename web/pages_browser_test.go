package web_test

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"

	"github.com/chromedp/chromedp"
)

// axeSource reads axe-core from the pinned npm package. It is injected
// into the pages by the test only; the binary never embeds it.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../node_modules/axe-core/axe.min.js")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("axe-core is not installed (npm ci): %v", err)
		}
		t.Skipf("axe-core is not installed (npm ci): %v", err)
	}
	return string(b)
}

// pagesFixture makes an admin (root) and a user with data (ann: a model
// with two versions, a pole, a project, a token, a managed user and an
// invitation to a model).
func pagesFixture(t *testing.T, e *testkit.Env) (annPages []string) {
	t.Helper()
	for _, u := range []struct{ name, role string }{{"root", "admin"}, {"ann", ""}, {"bob", ""}} {
		e.AddUser(u.name, u.role)
	}
	ann := e.As("ann")
	m, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.UpdateModel(ann, m.ID, mdl.ModelInput{IgnoreTerms: &[]string{"the"}}); err != nil {
		t.Fatal(err)
	}
	p, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Taste", Language: "en", Parts: []poles.PartInput{{Term: "sweet"}, {Term: "sour"}}})
	if err != nil {
		t.Fatal(err)
	}
	csv, _ := testkit.SurveyCSV(20)
	pr := e.ImportProject("ann", "Survey", csv)
	if _, err := e.Svc.CreateToken(ann, "ann", "ci"); err != nil {
		t.Fatal(err)
	}
	e.SetManager("ann", "bob")
	shared, err := e.Svc.UploadModel(e.As("root"), mdl.UploadModelInput{Title: new("Shared"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	shareAccepted(t, e, "root", shared.ID, "ann", explorer.RightsRead)
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return []string{"/", "/models", "/models/" + id(m.ID), "/models/" + id(m.ID) + "/versions/1", "/models/" + id(m.ID) + "/versions",
		"/poles", "/poles/" + id(p.ID), "/projects", "/projects/" + id(pr.ID),
		"/models/" + id(shared.ID), "/account", "/account/credits", "/account/usage", "/account/settings", "/tokens", "/password"}
}

// pageCheck is what one page shows at one width.
type pageCheck struct {
	DocWidth  int      `json:"docWidth"`
	ViewWidth int      `json:"viewWidth"`
	Hidden    []string `json:"hidden"`
	NavLinks  int      `json:"navLinks"`
}

// layoutJS measures the document and finds navigation entries that are
// not fully on screen.
const layoutJS = `(() => {
	const vw = document.documentElement.clientWidth;
	const nav = [...document.querySelectorAll('header.top a, header.top button')];
	const hidden = nav.filter(a => { const r = a.getBoundingClientRect(); return r.width === 0 || r.left < 0 || r.right > vw + 0.5; })
		.map(a => a.textContent.trim());
	return JSON.stringify({docWidth: document.documentElement.scrollWidth, viewWidth: vw, hidden, navLinks: document.querySelectorAll('header.top nav a').length});
})()`

// axeJS runs axe-core and lists the serious and critical violations.
const axeJS = `axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(
	r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
		.map(v => v.impact + ' ' + v.id + ': ' + v.help + ' [' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ') + ']')))`

// TestBrowserEveryPage visits every page as an admin and as a user with
// data, at 390 px and at desktop width: nothing is wider than the screen,
// the navigation is on screen, and axe-core finds no serious or critical
// violation. Screenshots go to the test's artifact folder (go test
// -artifacts, or EXPLORER_SCREENSHOTS).
func TestBrowserEveryPage(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	axe := axeSource(t)
	e := testkit.New(t)
	annPages := pagesFixture(t, e)
	base := e.Serve()
	ctx := browser.New(t, 5*time.Minute)

	visit := func(who, path string) {
		t.Helper()
		name := who + strings.ReplaceAll(path, "/", "_")
		start := time.Now()
		defer func() { t.Logf("%s: %v", name, time.Since(start)) }()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+path), chromedp.WaitReady("body")); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkLayout(t, ctx, name, true)
		checkAxe(t, ctx, name, axe)
		browser.Save(t, ctx, name+"-390")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
			t.Fatal(err)
		}
		checkLayout(t, ctx, name, false)
		browser.Save(t, ctx, name+"-1280")
	}
	visit("anonymous", "/login")
	for _, who := range []struct {
		user  string
		pages []string
	}{
		{"root", []string{"/", "/users", "/users/ann", "/backup", "/password", "/tokens", "/account", "/account/credits", "/account/usage", "/account/settings", "/models", "/poles", "/projects", "/no-such-page"}},
		{"ann", annPages},
	} {
		signInBrowser(t, ctx, base, who.user)
		for _, p := range who.pages {
			visit(who.user, p)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"/"), chromedp.Click(`form.signout button`), chromedp.WaitVisible(`form[action="/login"]`)); err != nil {
			t.Fatalf("sign out %s: %v", who.user, err)
		}
	}
}

func signInBrowser(t *testing.T, ctx context.Context, base, user string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`form[action="/login"] input[name=username]`),
		chromedp.SendKeys(`form[action="/login"] input[name=username]`, user),
		chromedp.SendKeys(`form[action="/login"] input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form.signout`),
	)
	if err != nil {
		t.Fatalf("sign in %s: %v", user, err)
	}
}

func checkLayout(t *testing.T, ctx context.Context, name string, narrow bool) {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](layoutJS))
	if err != nil {
		t.Fatalf("%s: measure: %v", name, err)
	}
	var c pageCheck
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	if c.DocWidth > c.ViewWidth {
		t.Errorf("%s at %d px: the page is %d px wide", name, c.ViewWidth, c.DocWidth)
	}
	signedIn := !strings.HasPrefix(name, "anonymous")
	if len(c.Hidden) > 0 || (signedIn && c.NavLinks == 0) {
		t.Errorf("%s at %d px: navigation off screen: %q", name, c.ViewWidth, c.Hidden)
	}
	if narrow && c.ViewWidth > 400 {
		t.Fatalf("%s: viewport %d px, want 390", name, c.ViewWidth)
	}
}

func checkAxe(t *testing.T, ctx context.Context, name, axe string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+";true")); err != nil {
		t.Fatalf("%s: inject axe: %v", name, err)
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](axeJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: axe: %v", name, err)
	}
	var found []string
	if err := json.Unmarshal([]byte(raw), &found); err != nil {
		t.Fatal(err)
	}
	for _, v := range found {
		t.Errorf("%s: %s", name, v)
	}
}
