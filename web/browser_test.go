package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserAdminAddsUser is the flow a person clicks through: the admin
// signs in, adds a user through the htmx form (a bad password first, shown
// on the form), signs out, and the new user signs in.
func TestBrowserAdminAddsUser(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("root", "admin")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/users"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "root"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`#users form[action="/users"]`),
	)
	if err != nil {
		t.Fatalf("sign in: %v", err)
	}
	browser.Screenshot(t, ctx, "users")

	err = chromedp.Do(ctx,
		chromedp.SendKeys(`#users form[action="/users"] input[name=username]`, "nina"),
		chromedp.SendKeys(`#users form[action="/users"] input[name=password]`, "short12"),
		chromedp.Click(`#users form[action="/users"] button[type=submit]`),
		chromedp.WaitVisible(`#users p.error`),
	)
	if err != nil {
		t.Fatalf("bad password: %v", err)
	}
	body, err := chromedp.Run(ctx, chromedp.Text(`#users p.error`))
	if err != nil {
		t.Fatalf("bad password: %v", err)
	}
	if !strings.Contains(body, "Password must be 8 to 128 characters") {
		t.Fatalf("error shown: %q", body)
	}
	browser.Screenshot(t, ctx, "users-error")

	err = chromedp.Do(ctx,
		chromedp.SetValue(`#users form[action="/users"] input[name=username]`, "nina"),
		chromedp.SetValue(`#users form[action="/users"] input[name=password]`, "nina-password"),
		chromedp.Click(`#users form[action="/users"] button[type=submit]`),
		chromedp.WaitVisible(`#users p.notice`),
	)
	if err != nil {
		t.Fatalf("add user: %v", err)
	}
	if body, err = chromedp.Run(ctx, chromedp.Text(`#users table`)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, "nina") {
		t.Fatalf("nina not listed: %q", body)
	}

	err = chromedp.Do(ctx,
		chromedp.Click(`form.signout button`),
		chromedp.WaitVisible(`form[action="/login"]`),
		chromedp.SendKeys(`input[name=username]`, "nina"),
		chromedp.SendKeys(`input[name=password]`, "nina-password"),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`.tiles`),
	)
	if err != nil {
		t.Fatalf("new user signs in: %v", err)
	}
	if body, err = chromedp.Run(ctx, chromedp.Text(`h1`)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, "Welcome, nina") {
		t.Fatalf("home heading %q", body)
	}
	browser.Screenshot(t, ctx, "home")
}

// htmxReady waits until htmx has processed the form (or element) of sel
// and no request or swap is under way, so that a click on it goes through
// htmx instead of posting the plain form.
func htmxReady(sel string) chromedp.Action[chromedp.Void] {
	js := `(() => { const e = document.querySelector(` + strconv.Quote(sel) + `); const f = e && (e.closest('form') || e);
		return !!f && !!f['htmx-internal-data'] && !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping'); })()`
	poll := chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := poll(ctx, t)
		return err
	})
}

// waitJS waits until a JavaScript condition holds.
func waitJS(js string) chromedp.Action[chromedp.Void] {
	poll := chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := poll(ctx, t)
		return err
	})
}
