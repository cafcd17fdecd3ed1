package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserUsersListAndPage: the admin searches the compact users list,
// adds a user with an e-mail address, opens the user's page and changes
// the address there. Screenshots at 1280 and 390 px.
func TestBrowserUsersListAndPage(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("root", "admin")
	for _, n := range []string{"ann", "bob", "annika", "cy"} {
		e.AddUser(n, "")
	}
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
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
	signInBrowser(t, ctx, base, "root")
	step("list", chromedp.Navigate(base+"/users"), chromedp.WaitVisible(`#user-list`))
	browser.Screenshot(t, ctx, "users-list-1280")
	checkAxeIfInstalled(t, ctx, "users list")
	step("search", chromedp.SendKeys(`form.search input[name=q]`, "ann"), chromedp.Click(`form.search button`), chromedp.WaitNotPresent(`#user-bob`), chromedp.WaitVisible(`#user-annika`))
	if s := text(`#user-list tbody`); strings.Contains(s, "bob") || !strings.Contains(s, "ann") || !strings.Contains(s, "annika") {
		t.Fatalf("searched list %q", s)
	}
	add := `#users form#add-user`
	step("add with e-mail",
		chromedp.SendKeys(add+` input[name=username]`, "nina"),
		chromedp.SendKeys(add+` input[name=password]`, "nina-password"),
		chromedp.SendKeys(add+` input[name=email]`, "nina@example.com"),
		htmxReady(add+` button`),
		chromedp.Click(add+` button[type=submit]`),
		chromedp.WaitVisible(`#users p.notice`),
	)
	step("open nina", chromedp.Click(`#user-nina a`), chromedp.WaitVisible(`#user-facts`))
	if s := text(`#user-facts`); !strings.Contains(s, "nina@example.com") {
		t.Fatalf("nina's facts %q", s)
	}
	step("change the address",
		chromedp.SetValue(`#user-email input[name=email]`, "nina@example.org"),
		htmxReady(`#user-email button`),
		chromedp.Click(`#user-email button[type=submit]`),
		chromedp.WaitVisible(`#users p.notice`),
	)
	if s := text(`#users p.notice`); !strings.Contains(s, "nina@example.org") {
		t.Fatalf("notice %q", s)
	}
	browser.Screenshot(t, ctx, "user-page-1280")
	checkAxeIfInstalled(t, ctx, "user page after a form")
	step("narrow", chromedp.EmulateViewport(390, 844), chromedp.Reload(), chromedp.WaitVisible(`#user-facts`))
	browser.Screenshot(t, ctx, "user-page-390")
	step("narrow list", chromedp.Navigate(base+"/users"), chromedp.WaitVisible(`#user-list`))
	browser.Screenshot(t, ctx, "users-list-390")
	step("home", chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#counts`))
	browser.Screenshot(t, ctx, "home-390")
	step("home wide", chromedp.EmulateViewport(1280, 900), chromedp.Reload(), chromedp.WaitVisible(`#counts`))
	browser.Screenshot(t, ctx, "home-1280")
}
