package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserPoleFlow is the flow a person clicks through on the pole
// pages: create a pole (a name too long first, shown on the form), add a
// term, load suggestions, add one with its button (the panel reloads
// without it), decline one with its ✕ (it stays away after a reload), and
// delete the pole.
func TestBrowserPoleFlow(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat", "blaze", "ember"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)
	step := func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}
	waitFor := func(name, js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}

	create := `#poles form[action="/poles"]`
	step("sign in",
		chromedp.Navigate(base+"/poles"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(create),
	)
	step("name too long",
		chromedp.SetValue(create+` input[name=name]`, strings.Repeat("w", 201)),
		chromedp.SetValue(create+` select[name=language]`, "SV"),
		chromedp.Click(create+` button[type=submit]`),
		chromedp.WaitVisible(`#poles p.error`),
	)
	if msg := text(`#poles p.error`); !strings.Contains(msg, "Name must be at most 200 characters") {
		t.Fatalf("error shown: %q", msg)
	}
	step("create",
		chromedp.SetValue(create+` input[name=name]`, "Warm"),
		chromedp.SetValue(create+` select[name=language]`, "EN"),
		chromedp.Click(create+` button[type=submit]`),
		chromedp.WaitVisible(`#pole-details h1`),
	)
	if h := text(`#pole-details h1`); h != "Warm" {
		t.Fatalf("pole page heading %q", h)
	}
	step("add a term",
		chromedp.SendKeys(`#parts form.add input[name=term]`, "sun"),
		chromedp.Click(`#parts form.add button[type=submit]`),
		chromedp.WaitVisible(`#parts td.term`),
	)
	browser.Screenshot(t, ctx, "pole")
	step("load suggestions",
		chromedp.Click(`#suggestions button`),
		chromedp.WaitVisible(`#suggestions tbody tr`),
	)
	if s := text(`#suggestions tbody`); !strings.Contains(s, "heat") || !strings.Contains(s, "blaze") {
		t.Fatalf("suggestions %q", s)
	}
	browser.Screenshot(t, ctx, "pole-suggestions")
	step("add a suggestion", htmxReady(`#suggestions tbody tr:first-child button`), chromedp.Click(`#suggestions tbody tr:first-child button`))
	waitFor("the term is added", `document.querySelector('#parts table').textContent.includes('heat')`)
	waitFor("the panel reloads without it", `(() => { const b = document.querySelector('#suggestions tbody'); return !!b && !b.textContent.includes('heat') && b.textContent.includes('blaze'); })()`)

	step("decline a suggestion", htmxReady(`#suggestions form.decline button`), chromedp.Click(`#suggestions tbody tr:first-child form.decline button`))
	waitFor("the panel answers without it", `(() => { const s = document.querySelector('#suggestions'); return !!s && s.textContent.includes('“blaze” declined') && !s.querySelector('tbody').textContent.includes('blaze') && s.querySelector('tbody').textContent.includes('ember'); })()`)
	browser.Screenshot(t, ctx, "pole-declined")
	checkAxeIfInstalled(t, ctx, "pole with declined suggestions")
	step("reload the page", chromedp.Reload(), chromedp.WaitVisible(`#suggestions button`), chromedp.Click(`#suggestions button`), chromedp.WaitVisible(`#suggestions tbody tr`))
	if s := text(`#suggestions tbody`); strings.Contains(s, "blaze") || !strings.Contains(s, "ember") {
		t.Fatalf("declined suggestion came back: %q", s)
	}

	// hx-confirm asks the person; say yes.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.confirm = () => true; true`)); err != nil {
		t.Fatal(err)
	}
	step("delete",
		chromedp.Click(`#pole-delete button`),
		chromedp.WaitVisible(`#poles p.notice`),
	)
	if s := text(`#poles`); !strings.Contains(s, "no poles yet") {
		t.Fatalf("list after deleting: %q", s)
	}
}
