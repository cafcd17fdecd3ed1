package web_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/accounts"
	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserAccountPage clicks through the account pages: a settings
// error shown inline with the other typed values kept, dates in the chosen
// format, and seats 2 → 4 previewed and confirmed: the preview's charge is
// the ledger's and the interface's balance afterwards is the preview's.
func TestBrowserAccountPage(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/account/settings"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`#account #settings`),
		chromedp.SetValue(`#settings select[name=dateFormat]`, "dd/MM/yyyy"),
		chromedp.SetValue(`#settings input[name=timezone]`, "Mars/Olympus"),
		chromedp.Click(`#settings button[type=submit]`),
		chromedp.WaitVisible(`#settings .error[data-key=timezone]`),
	)
	if err != nil {
		t.Fatalf("settings error: %v", err)
	}
	browser.Screenshot(t, ctx, "account-settings-error")
	format, err := chromedp.Run(ctx, chromedp.Value(`#settings select[name=dateFormat]`))
	if err != nil || format != "dd/MM/yyyy" {
		t.Fatalf("typed date format not kept: %q %v", format, err)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue(`#settings input[name=timezone]`, "Europe/Stockholm"),
		chromedp.Click(`#settings button[type=submit]`),
		chromedp.WaitVisible(`#settings p.notice`),
		chromedp.Navigate(base+"/account"),
		chromedp.WaitVisible(`#seats`),
		chromedp.SetValue(`#seats input[name=seats]`, "4"),
		chromedp.Click(`#seats button[type=submit]`),
		chromedp.WaitVisible(`#seats-preview .preview-charge`),
	)
	if err != nil {
		t.Fatalf("seat preview: %v", err)
	}
	browser.Screenshot(t, ctx, "account-seats-preview")
	centsAttr, err := chromedp.Run(ctx, chromedp.AttributeValue(`#seats-preview dl`, "data-charge-cents"))
	if err != nil {
		t.Fatal(err)
	}
	afterAttr, err := chromedp.Run(ctx, chromedp.AttributeValue(`#seats-preview dl`, "data-balance-after"))
	if err != nil {
		t.Fatal(err)
	}
	creditsAttr, err := chromedp.Run(ctx, chromedp.AttributeValue(`#seats-preview dl`, "data-credits"))
	if err != nil {
		t.Fatal(err)
	}
	cents, after, added := centsAttr.Value, afterAttr.Value, creditsAttr.Value
	err = chromedp.Do(ctx,
		chromedp.Click(`#seats-preview button.confirm`),
		chromedp.WaitVisible(`#seats p.notice`),
	)
	if err != nil {
		t.Fatalf("confirm seats: %v", err)
	}
	browser.Screenshot(t, ctx, "account-seats-confirmed")
	count, err := chromedp.Run(ctx, chromedp.Text(`.seat-count`))
	if err != nil || count != "4" {
		t.Fatalf("seats %q %v", count, err)
	}
	l, err := e.Svc.CreditLedger(e.As("ann"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.Charges[0]; c.Kind != accounts.ChargeSeatProration || strconv.FormatInt(c.AmountCents, 10) != cents || cents == "0" {
		t.Fatalf("ledger charge %+v, preview %s cents", c, cents)
	}
	if en := l.Entries[0]; en.Kind != accounts.CreditSeatProration || strconv.FormatInt(en.Credits, 10) != added {
		t.Fatalf("ledger entry %+v, preview %s credits", en, added)
	}
	var credits struct{ Credits int64 }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/credits", User: "ann"}).Expect(t, 200).JSON(t, &credits)
	if strconv.FormatInt(credits.Credits, 10) != after {
		t.Fatalf("GET /v1/account/credits %d, preview said %s", credits.Credits, after)
	}
	// The charge is dated in the chosen format and zone.
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/account/credits"), chromedp.WaitVisible(`table.charges`))
	if err != nil {
		t.Fatal(err)
	}
	date, err := chromedp.Run(ctx, chromedp.Text(`table.charges tbody tr td`))
	if err != nil || !strings.HasPrefix(date, "10/01/2026 13:00") {
		t.Fatalf("charge date %q %v", date, err)
	}
	browser.Screenshot(t, ctx, "account-credits")

	// At 390 px the usage charts fit the width (no horizontal scroll).
	ann, _ := e.Svc.FindUser(e.As("ann"), "ann")
	for _, day := range []int{3, 6, 10} {
		if err := e.Svc.RecordUsage(e.As("ann"), ann.ID, 1, day*20, time.Date(2026, 1, day, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	err = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+"/account/usage"), chromedp.WaitVisible(`svg#usage-days-verbatims`))
	if err != nil {
		t.Fatal(err)
	}
	width, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector('#account').scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	browser.Screenshot(t, ctx, "account-usage-390")
	if width > 390 {
		t.Errorf("the usage section is %d px wide at 390", width)
	}
}
