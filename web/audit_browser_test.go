package web_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuditPage shows the audit log at 390 px and at desktop
// width (nothing wider than the screen, navigation on screen, no serious
// axe-core violation), then filters it by action through htmx.
func TestBrowserAuditPage(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	axe := axeSource(t)
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	req := explorer.WithRequest(e.As("root"), explorer.RequestInfo{Addr: "2001:db8:85a3::8a2e:370:7334", ID: "3f9a1c2e-1a"})
	for _, role := range []string{explorer.RoleAdmin, explorer.RoleUser} {
		if err := e.Svc.SetRole(req, "ann", role); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Svc.SetUserBudgets(req, "ann", explorer.BudgetOverride{Models: new(500)}); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		_, _ = e.Svc.AuthenticatePassword(context.Background(), "ann", "wrong-password", fmt.Sprintf("198.51.100.%d", i%2))
	}
	base := e.Serve()
	ctx := browser.New(t, 2*time.Minute)
	signInBrowser(t, ctx, base, "root")
	for _, w := range []int64{390, 1280} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844), chromedp.Navigate(base+"/audit"), chromedp.WaitVisible("#audit-list")); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("root_audit-%d", w)
		checkLayout(t, ctx, name, w == 390)
		checkAxe(t, ctx, name, axe)
		browser.Save(t, ctx, name)
	}
	err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844),
		htmxReady("#audit-filter"),
		chromedp.SetValue(`#audit-filter select[name=action]`, explorer.ActionUserRole),
		chromedp.Click(`#audit-filter button[type=submit]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	rows := chromedp.Poll[bool](`document.querySelectorAll('#audit-list tbody tr').length === 2 && location.search.includes('action=user.role')`, chromedp.WithPollingTimeout(10*time.Second))
	if _, err := chromedp.Run(ctx, rows); err != nil {
		t.Fatalf("filtered list: %v", err)
	}
	browser.Save(t, ctx, "root_audit-filtered-390")
}
