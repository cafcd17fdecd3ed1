package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserImportCost is a trial account (500 credits) at 1280 and
// 390 px: after an import leaves 40 credits, every page shows the
// low-credits banner; choosing a file of 100 rows says what it uses and
// that the balance cannot pay it; importing anyway is refused with a link
// to buy credits and nothing is stored; the ledger links the first import
// to its project.
func TestBrowserImportCost(t *testing.T) {
	for _, width := range []int64{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) { importCostFlow(t, width) })
	}
}

func importCostFlow(t *testing.T, width int64) {
	e := testkit.New(t, testkit.EnforceCredits)
	e.AddUser("ann", "")
	first, _ := testkit.SurveyCSV(460)
	p := e.ImportProject("ann", "Hotel reviews", first)
	more, _ := testkit.SurveyCSV(100)
	file := filepath.Join(t.TempDir(), "more.csv")
	if err := os.WriteFile(file, more, 0o600); err != nil {
		t.Fatal(err)
	}
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "ann")
	name := func(s string) string { return fmt.Sprintf("%s-%d", s, width) }
	for _, path := range []string{"/projects", "/models", "/poles", "/account", "/tokens"} {
		err := chromedp.Do(ctx, chromedp.Navigate(base+path), chromedp.WaitVisible(`#low-credits`))
		if err != nil {
			t.Fatalf("%s: no low-credits banner: %v", path, err)
		}
		banner, _ := chromedp.Run(ctx, chromedp.Text(`#low-credits`))
		if !strings.Contains(banner, "40 credits") || !strings.Contains(banner, "500 credits a month") {
			t.Fatalf("%s banner %q", path, banner)
		}
		if width == 390 {
			noSidewaysScroll(t, ctx, path)
		}
	}
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/projects"),
		chromedp.WaitVisible(`#import input[type=file]`),
		chromedp.SetUploadFiles(`#import input[type=file]`, []string{file}),
		chromedp.WaitVisible(`#import #cost-line`),
		typeSlowly(`#import input[name=title]`, "Second batch"),
	)
	if err != nil {
		t.Fatalf("choose a file: %v", err)
	}
	line, _ := chromedp.Run(ctx, chromedp.Text(`#import #cost-line`))
	if line != "This import uses 100 credits (100 rows); you have 40 credits." {
		t.Fatalf("cost line %q", line)
	}
	warn, _ := chromedp.Run(ctx, chromedp.Text(`#import .import-cost .error`))
	if !strings.Contains(warn, "cannot pay") {
		t.Fatalf("cost warning %q", warn)
	}
	browser.Save(t, ctx, name("import-cost"))
	if width == 390 {
		noSidewaysScroll(t, ctx, "import cost")
	}
	err = chromedp.Do(ctx,
		chromedp.Click(`#import button[type=submit]`),
		chromedp.WaitVisible(`#projects .buy-credits a[href="/account/credits"]`),
	)
	if err != nil {
		t.Fatalf("refused import: %v", err)
	}
	msg, _ := chromedp.Run(ctx, chromedp.Text(`#projects > .error[role=alert]`))
	if !strings.Contains(msg, "100 credits") || !strings.Contains(msg, "40 credits") {
		t.Fatalf("refusal %q", msg)
	}
	browser.Save(t, ctx, name("import-refused"))
	list, err := e.Svc.Projects(e.As("ann"))
	if err != nil || len(list) != 1 {
		t.Fatalf("projects after the refusal: %d %v", len(list), err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/account/credits"),
		chromedp.WaitVisible(fmt.Sprintf(`table.ledger a[href="/projects/%d"]`, p.ID)),
	)
	if err != nil {
		t.Fatalf("ledger link: %v", err)
	}
	entry, _ := chromedp.Run(ctx, chromedp.Text(fmt.Sprintf(`table.ledger a[href="/projects/%d"]`, p.ID)))
	if !strings.Contains(entry, "“Hotel reviews”") {
		t.Fatalf("ledger entry %q", entry)
	}
	browser.Save(t, ctx, name("ledger"))
	checkAxeIfInstalled(t, ctx, name("ledger"))
	// An admin allows ann 100 credits of overdraft on her page; the same
	// file then goes through.
	e.AddUser("root", explorer.RoleAdmin)
	err = chromedp.Do(ctx,
		chromedp.Click(`form.signout button`),
		chromedp.WaitVisible(`form[action="/login"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "root")
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/users/ann"),
		chromedp.WaitVisible(`#user-overdraft input[name=overdraft]`),
		chromedp.SetValue(`#user-overdraft input[name=overdraft]`, ""),
		typeSlowly(`#user-overdraft input[name=overdraft]`, "100"),
		chromedp.Click(`#user-overdraft button[type=submit]`),
		chromedp.WaitVisible(`#users .notice`),
	)
	if err != nil {
		t.Fatalf("overdraft: %v", err)
	}
	notice, _ := chromedp.Run(ctx, chromedp.Text(`#users .notice`))
	if !strings.Contains(notice, "100 credits below zero") {
		t.Fatalf("overdraft notice %q", notice)
	}
	browser.Save(t, ctx, name("overdraft"))
	err = chromedp.Do(ctx,
		chromedp.Click(`form.signout button`),
		chromedp.WaitVisible(`form[action="/login"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "ann")
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/projects"),
		chromedp.WaitVisible(`#import input[type=file]`),
		chromedp.SetUploadFiles(`#import input[type=file]`, []string{file}),
		chromedp.WaitVisible(`#import #cost-line`),
		typeSlowly(`#import input[name=title]`, "Second batch"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#import .import-cost .error").length`)); n != 0 {
		t.Fatalf("a payable import warned")
	}
	err = chromedp.Do(ctx,
		chromedp.Click(`#import button[type=submit]`),
		chromedp.WaitVisible(`section#project h1`),
	)
	if err != nil {
		t.Fatalf("import within the overdraft: %v", err)
	}
	if got, _ := e.Svc.Credits(e.As("ann")); got != -60 {
		t.Fatalf("balance %d, want -60", got)
	}
	title, _ := chromedp.Run(ctx, chromedp.Text(`section#project h1`))
	if title != "Second batch" {
		t.Fatalf("imported project %q", title)
	}
	browser.Save(t, ctx, name("imported-in-overdraft"))
}
