package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/chromedp/chromedp"
)

// TestBrowserShareSaysWhoIsNotified: on a server without --smtp, sharing
// a model and inviting a user to be managed both say that the recipient
// is not told by e-mail.
func TestBrowserShareSaysWhoIsNotified(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
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
	step("share",
		chromedp.Navigate(base+"/models/"+itoa(m.ID)),
		chromedp.WaitVisible(`form#share`),
		chromedp.SendKeys(`form#share input[name=userId]`, "bob"),
		htmxReady(`form#share button`),
		chromedp.Click(`form#share button[type=submit]`),
		chromedp.WaitVisible(`#model .notice`),
	)
	notice, err := chromedp.Run(ctx, chromedp.Text(`#model .notice`))
	if err != nil || !strings.Contains(notice, "bob is not told by e-mail: this server sends no e-mail") {
		t.Fatalf("share notice %q %v", notice, err)
	}
	step("invite",
		chromedp.Navigate(base+"/account"),
		chromedp.WaitVisible(`#invite-user`),
		chromedp.SendKeys(`#invite-user`, "bob"),
		htmxReady(`#invite-user`),
		chromedp.Click(`#invite-user ~ button[type=submit]`),
		chromedp.WaitVisible(`#account .notice`),
	)
	notice, err = chromedp.Run(ctx, chromedp.Text(`#account .notice`))
	if err != nil || !strings.Contains(notice, "bob is not told by e-mail") {
		t.Fatalf("invite notice %q %v", notice, err)
	}
}
