package web_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
)

// stubClipboard records what the page copies in window.copied, so that
// the test reads the copied text without the system's clipboard.
const stubClipboard = `Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: (t) => { window.copied = t; return Promise.resolve(); }}}); true`

// TestBrowserTokensAndSecondFactor at 1280 and 390 px: a read-only token
// expiring in 30 days is made on the tokens page and copied with its
// button; the recovery codes of a new second factor are copied and
// offered as a text file; signing in again with the code just used says
// to wait for the next; an admin's role change asks first.
func TestBrowserTokensAndSecondFactor(t *testing.T) {
	for _, width := range []int64{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) { tokensFlow(t, width) })
	}
}

func tokensFlow(t *testing.T, width int64) {
	e := testkit.New(t)
	e.AddUser("ann", explorer.RoleAdmin)
	e.AddUser("bob", "")
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	name := func(s string) string { return fmt.Sprintf("%s-%d", s, width) }
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "ann")
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/tokens"),
		chromedp.WaitVisible(`#tokens form.card input[name=name]`),
		typeSlowly(`#tokens form.card input[name=name]`, "dashboard"),
		chromedp.SetValue(`#tokens select[name=scope]`, "read"),
		chromedp.SetValue(`#tokens select[name=expires]`, "30"),
		chromedp.Click(`#tokens form.card button[type=submit]`),
		chromedp.WaitVisible(`#new-token`),
		chromedp.WaitVisible(`#tokens button[data-copy="new-token"]`),
	)
	if err != nil {
		t.Fatalf("create a token: %v", err)
	}
	secret, _ := chromedp.Run(ctx, chromedp.Text(`#new-token`))
	secret = strings.TrimSpace(secret)
	e.Secret(secret)
	err = chromedp.Do(ctx,
		runJS(stubClipboard),
		chromedp.Click(`#tokens button[data-copy="new-token"]`),
		waitJS(`document.querySelector("#tokens .copied").textContent === "Copied."`),
	)
	if err != nil {
		t.Fatalf("copy the token: %v", err)
	}
	copied, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.copied`))
	if copied != secret || !strings.HasPrefix(secret, "exp_") {
		t.Fatalf("copied %q, shown %q", copied, secret)
	}
	row, _ := chromedp.Run(ctx, chromedp.Text(`#tokens table.list tbody tr`))
	expires := e.Clock.Now().AddDate(0, 0, 30).Format("2006-01-02")
	if !strings.Contains(row, "Read only") || !strings.Contains(row, expires) {
		t.Fatalf("token row %q, want read only expiring %s", row, expires)
	}
	browser.Save(t, ctx, name("token-created"))
	if width == 390 {
		noSidewaysScroll(t, ctx, "tokens")
	}
	checkAxeIfInstalled(t, ctx, name("tokens"))
	// The token reads and is refused a change.
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: map[string]string{"Authorization": "Bearer " + secret}}).Expect(t, 200)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", Header: map[string]string{"Authorization": "Bearer " + secret}, Body: map[string]any{"name": "p", "language": "EN"}}).Expect(t, 403)

	key := secondFactorRecovery(t, e, ctx, base, name)
	code, _ := totp.GenerateCode(key, e.Clock.Now())
	// The code that turned the factor on is refused at once, with the hint.
	err = chromedp.Do(ctx,
		chromedp.Click(`form.signout button`),
		chromedp.WaitVisible(`form[action="/login"]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form[action="/login/2fa"] input[name=code]`),
		typeSlowly(`form[action="/login/2fa"] input[name=code]`, code),
		chromedp.Click(`form[action="/login/2fa"] button[type=submit]`),
		chromedp.WaitVisible(`main .error[role=alert]`),
	)
	if err != nil {
		t.Fatalf("the used code again: %v", err)
	}
	hint, _ := chromedp.Run(ctx, chromedp.Text(`main .error[role=alert]`))
	if !strings.Contains(hint, "wait for the next code") || !strings.Contains(hint, "30 seconds") {
		t.Fatalf("refused code's message %q", hint)
	}
	browser.Save(t, ctx, name("second-factor-wait"))
	e.Clock.Advance(30 * time.Second)
	code, _ = totp.GenerateCode(key, e.Clock.Now())
	err = chromedp.Do(ctx,
		typeSlowly(`form[action="/login/2fa"] input[name=code]`, code),
		chromedp.Click(`form[action="/login/2fa"] button[type=submit]`),
		chromedp.WaitVisible(`form.signout`),
	)
	if err != nil {
		t.Fatalf("the next code: %v", err)
	}
	roleChangeAsks(t, e, ctx, base, name)
}

// secondFactorRecovery turns ann's second factor on and checks the
// recovery codes' copy button and download; it answers the key.
func secondFactorRecovery(t *testing.T, e *testkit.Env, ctx context.Context, base string, name func(string) string) string {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/account/2fa"),
		chromedp.WaitVisible(`form[action="/account/2fa/setup"] button`),
		chromedp.Click(`form[action="/account/2fa/setup"] button`),
		chromedp.WaitVisible(`code.token`),
	)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	key, _ := chromedp.Run(ctx, chromedp.Text(`code.token`))
	key = strings.TrimSpace(key)
	e.Secret(key)
	code, _ := totp.GenerateCode(key, e.Clock.Now())
	err = chromedp.Do(ctx,
		typeSlowly(`form[action="/account/2fa/confirm"] input[name=password]`, testkit.Password),
		typeSlowly(`form[action="/account/2fa/confirm"] input[name=code]`, code),
		chromedp.Click(`form[action="/account/2fa/confirm"] button`),
		chromedp.WaitVisible(`#recovery-codes`),
		chromedp.WaitVisible(`button[data-copy="recovery-codes"]`),
		runJS(stubClipboard),
		chromedp.Click(`button[data-copy="recovery-codes"]`),
		waitJS(`typeof window.copied === "string"`),
	)
	if err != nil {
		t.Fatalf("confirm: %v", err)
	}
	codes, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#recovery-codes code")).map(c => c.textContent)`))
	copied, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.copied`))
	if len(codes) != 10 || copied != strings.Join(codes, "\n") {
		t.Fatalf("copied %q, codes %q", copied, codes)
	}
	for _, c := range codes {
		e.Secret(c)
	}
	href, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("a[download]").href`))
	file, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("a[download]").getAttribute("download")`))
	text, err := url.PathUnescape(strings.TrimPrefix(href, "data:text/plain;charset=utf-8,"))
	if err != nil || file != "explorer-recovery-codes.txt" || !strings.HasPrefix(href, "data:text/plain") || !strings.Contains(text, strings.Join(codes, "\n")) {
		t.Fatalf("download %q as %q: %q %v", href, file, text, err)
	}
	browser.Save(t, ctx, name("recovery-codes"))
	if strings.HasSuffix(name(""), "390") {
		noSidewaysScroll(t, ctx, "recovery codes")
	}
	return key
}

// roleChangeAsks: changing bob's role asks first; refused, nothing
// changes; accepted, bob is an admin.
func roleChangeAsks(t *testing.T, e *testkit.Env, ctx context.Context, base string, name func(string) string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/users/bob"),
		chromedp.WaitVisible(`#user-manage select[name=role]`),
		runJS(`window.confirm = (m) => { window.asked = m; return false; }; true`),
		chromedp.SetValue(`#user-manage select[name=role]`, "admin"),
		chromedp.Click(`#user-manage form[action$="/role"] button[type=submit]`),
		waitJS(`typeof window.asked === "string"`),
	)
	if err != nil {
		t.Fatalf("role change: %v", err)
	}
	asked, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.asked`))
	if !strings.Contains(asked, "Change the role of bob") {
		t.Fatalf("asked %q", asked)
	}
	if u, _ := e.Svc.FindUser(e.As("ann"), "bob"); u.Role != "user" {
		t.Fatalf("role changed without confirmation: %s", u.Role)
	}
	err = chromedp.Do(ctx,
		runJS(`window.confirm = () => true; true`),
		chromedp.Click(`#user-manage form[action$="/role"] button[type=submit]`),
		chromedp.WaitVisible(`#users .notice`),
	)
	if err != nil {
		t.Fatalf("confirmed role change: %v", err)
	}
	browser.Save(t, ctx, name("role-changed"))
	if u, _ := e.Svc.FindUser(e.As("ann"), "bob"); u.Role != explorer.RoleAdmin {
		t.Fatalf("role %s after confirming", u.Role)
	}
}

// runJS evaluates js as a step of chromedp.Do.
func runJS(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		return err
	})
}
