package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
)

// TestBrowserSecondFactor is the flow a person clicks through: set up a
// second factor from the QR code's page, keep the recovery codes, sign
// out, and sign in with the password and a code.
func TestBrowserSecondFactor(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/account/2fa"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form[action="/account/2fa/setup"] button`),
		chromedp.Click(`form[action="/account/2fa/setup"] button`),
		chromedp.WaitVisible(`code.token`),
		// The QR code is drawn by the server and shown despite the CSP.
		waitJS(`(() => { const i = document.querySelector('img[src="/account/2fa/qr.png"]'); return !!i && i.complete && i.naturalWidth === 240; })()`),
	)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	checkAxeIfInstalled(t, ctx, "second factor setup")
	key, err := chromedp.Run(ctx, chromedp.Text(`code.token`))
	if err != nil {
		t.Fatal(err)
	}
	e.Secret(strings.TrimSpace(key))
	code, _ := totp.GenerateCode(strings.TrimSpace(key), e.Clock.Now())
	err = chromedp.Do(ctx,
		chromedp.SendKeys(`form[action="/account/2fa/confirm"] input[name=password]`, testkit.Password),
		chromedp.SendKeys(`form[action="/account/2fa/confirm"] input[name=code]`, code),
		chromedp.Click(`form[action="/account/2fa/confirm"] button`),
		chromedp.WaitVisible(`ul.codes`),
	)
	if err != nil {
		t.Fatalf("confirm: %v", err)
	}
	browser.Screenshot(t, ctx, "second-factor-recovery")
	e.Clock.Advance(30 * time.Second)
	code, _ = totp.GenerateCode(strings.TrimSpace(key), e.Clock.Now())
	err = chromedp.Do(ctx,
		chromedp.Click(`form.signout button`),
		chromedp.WaitVisible(`form[action="/login"]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form[action="/login/2fa"] input[name=code]`),
		chromedp.SendKeys(`form[action="/login/2fa"] input[name=code]`, code),
		chromedp.Click(`form[action="/login/2fa"] button[type=submit]`),
		chromedp.WaitVisible(`.tiles`),
	)
	if err != nil {
		t.Fatalf("sign in with the code: %v", err)
	}
}
