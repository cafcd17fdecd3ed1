package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserAccountPage clicks through the account page: a settings
// error shown on its field, credits bought and a plan upgraded through the
// htmx forms.
func TestBrowserAccountPage(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/account"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`#account #settings`),
		chromedp.SetValue(`#settings input[name=timezone]`, "Mars/Olympus"),
		chromedp.Click(`#settings button[type=submit]`),
		chromedp.WaitVisible(`#settings .error[data-key=timezone]`),
	)
	if err != nil {
		t.Fatalf("settings error: %v", err)
	}
	browser.Screenshot(t, ctx, "account-settings-error")

	err = chromedp.Do(ctx,
		chromedp.SendKeys(`#credits input[name=quantity]`, "250"),
		chromedp.Click(`#credits button[type=submit]`),
		chromedp.WaitVisible(`#credits p.notice`),
		chromedp.SetValue(`#plan select[name=handle]`, "basic"),
		chromedp.Click(`#plan form[action="/account/product"] button[type=submit]`),
		chromedp.WaitVisible(`#plan p.notice`),
	)
	if err != nil {
		t.Fatalf("credits and plan: %v", err)
	}
	plan, err := chromedp.Run(ctx, chromedp.Text(`.current-plan`))
	if err != nil || plan != "Basic" {
		t.Fatalf("plan %q %v", plan, err)
	}
	balance, err := chromedp.Run(ctx, chromedp.Text(`.balance`))
	if err != nil || !strings.HasPrefix(balance, "1") {
		t.Fatalf("balance %q %v", balance, err)
	}
	browser.Screenshot(t, ctx, "account")
}
