package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/chromedp/chromedp"
)

// TestBrowserLists at 1280 and 390 px: on the models list a person
// changes the page size, pages, sorts by a header, searches (typed a key
// at a time) and deletes two models after the question; on a project the
// "Apply a model" picker narrows its list as the title is typed. At 390
// px the page does not scroll sideways. On the audit log an admin
// filters, changes the size, pages and sorts by the target: every step
// keeps the filter, and at 390 px the sort links and the pager are on
// screen.
func TestBrowserLists(t *testing.T) {
	for _, width := range []int64{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) { listsFlow(t, width) })
		t.Run(fmt.Sprint("audit ", width), func(t *testing.T) { auditListFlow(t, width) })
	}
}

// listRows is the JavaScript list of the models list's titles.
const listRows = `[...document.querySelectorAll("#model-list tbody tr td:nth-child(2) a")].map(a => a.textContent.trim())`

func listsFlow(t *testing.T, width int64) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	for i := range 30 {
		title := fmt.Sprintf("Survey %02d", i+1)
		if i == 7 || i == 22 {
			title = fmt.Sprintf("Drinks %02d", i+1)
		}
		if _, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: new(title), File: modelFile(t)}); err != nil {
			t.Fatal(err)
		}
	}
	csv, _ := testkit.SurveyCSV(5)
	p := e.ImportProject("ann", "Hotel", csv)
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "ann")
	rows := func(step string) []string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](listRows))
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		return got
	}
	location := func() string {
		u, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
		return u
	}
	do := func(step string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	do("open the models list", chromedp.Navigate(base+"/models"), chromedp.WaitVisible(`#model-list`))
	if got := rows("newest first"); len(got) != 30 || got[0] != "Survey 30" {
		t.Fatalf("newest first: %d rows, first %v", len(got), got[:1])
	}
	do("25 a page", chromedp.Click(`.list-sizes a[href="/models?size=25"]`), chromedp.WaitVisible(`.list-sizes a[aria-current][href="/models?size=25"]`))
	if got := rows("25 a page"); len(got) != 25 {
		t.Fatalf("25 a page: %d rows", len(got))
	}
	do("next page", chromedp.Click(`.list-pages a[rel=next]`), chromedp.WaitVisible(`.list-pages a[aria-current][href="/models?page=2&size=25"]`))
	if got := rows("page 2"); len(got) != 5 || got[0] != "Survey 05" || location() != "/models?page=2&size=25" {
		t.Fatalf("page 2: %v at %s", got, location())
	}
	do("sort by title", chromedp.Click(`#model-list th a.sort[href*="sort=title"]`), chromedp.WaitVisible(`#model-list th[aria-sort=ascending] a[href*="sort=title"]`))
	if got := rows("by title"); got[0] != "Drinks 08" || got[1] != "Drinks 23" || got[2] != "Survey 01" || !strings.Contains(location(), "size=25") {
		t.Fatalf("by title: %v at %s", got[:3], location())
	}
	do("search", chromedp.Navigate(base+"/models?sort=title&size=25"), chromedp.WaitVisible(`form.search input[name=q]`),
		typeSlowly(`form.search input[name=q]`, "drink"), chromedp.Submit(`form.search input[name=q]`),
		chromedp.WaitVisible(`form.search input[name=q][value=drink]`), chromedp.WaitVisible(`#model-list`))
	if got := rows("searched"); len(got) != 2 || !strings.Contains(location(), "sort=title") {
		t.Fatalf("searched: %v at %s", got, location())
	}
	if width == 390 {
		browser.Save(t, ctx, "models-list-390")
		noSidewaysScroll(t, ctx, "models list")
	}
	do("bulk delete", chromedp.Click(`#model-list tbody tr:nth-child(1) input[type=checkbox]`), chromedp.Click(`#model-list tbody tr:nth-child(2) input[type=checkbox]`),
		chromedp.Click(`button[form=models-bulk]`), chromedp.WaitVisible(`#bulk-confirm`))
	question, _ := chromedp.Run(ctx, chromedp.Text(`#bulk-confirm h2`))
	if question != "Delete 2 models?" {
		t.Fatalf("question %q", question)
	}
	do("confirm", chromedp.Click(`#bulk-confirm button[type=submit]`), chromedp.WaitVisible(`#models .notice`))
	notice, _ := chromedp.Run(ctx, chromedp.Text(`#models .notice`))
	if notice != "Deleted 2 models." || len(rows("after the delete")) != 0 {
		t.Fatalf("after the delete: %q, rows %v", notice, rows("after the delete"))
	}
	if ms, _ := e.Svc.Models(ann); len(ms) != 28 {
		t.Fatalf("%d models left", len(ms))
	}
	do("apply picker", chromedp.Navigate(base+"/projects/"+itoa64(p.ID)), chromedp.WaitVisible(`#apply input[name=model_q]`),
		htmxReady(`#apply input[name=model_q]`), typeSlowly(`#apply input[name=model_q]`, "survey 1"),
		waitJS(`document.querySelectorAll("#apply-models option").length === 10`))
	options, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#apply-models option")].map(o => o.textContent)`))
	if options[0] != "Survey 19 (Standard)" || location() != "/projects/"+itoa64(p.ID) {
		t.Fatalf("picker after typing: %v at %s", options, location())
	}
	if width == 390 {
		browser.Save(t, ctx, "apply-picker-390")
		noSidewaysScroll(t, ctx, "project page")
	}
}

// auditTargetsJS is the JavaScript list of the audit page's targets.
const auditTargetsJS = `[...document.querySelectorAll("#audit-list tbody td[data-label=Target]")].map(td => td.textContent.trim())`

func auditListFlow(t *testing.T, width int64) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	for i := range 30 {
		e.Clock.Advance(time.Minute)
		err := e.Svc.Audit(e.As("root"), explorer.AuditEvent{Action: explorer.ActionUserRole, Target: fmt.Sprintf("u%02d", (i*7)%30), Detail: "role user"})
		if err != nil {
			t.Fatal(err)
		}
	}
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "root")
	do := func(step string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	state := func(step string) ([]string, string) {
		t.Helper()
		rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](auditTargetsJS))
		loc, err2 := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
		if err != nil || err2 != nil {
			t.Fatalf("%s: %v %v", step, err, err2)
		}
		return rows, loc
	}
	do("filter", chromedp.Navigate(base+"/audit"), chromedp.WaitVisible(`#audit-list`), htmxReady("#audit-filter"),
		chromedp.SetValue(`#audit-filter select[name=action]`, explorer.ActionUserRole),
		chromedp.Click(`#audit-filter button[type=submit]`), waitJS(`location.search.includes("action=user.role")`),
		waitJS(`document.querySelector(".list-total").textContent.trim() === "30 records found"`))
	do("25 a page", chromedp.Click(`.list-sizes a[href$="size=25"]`), chromedp.WaitVisible(`.list-sizes a[aria-current][href$="size=25"]`))
	if rows, loc := state("25 a page"); len(rows) != 25 || rows[0] != "u23" || loc != "/audit?action=user.role&size=25" {
		t.Fatalf("25 a page: %d rows, first %v, at %s", len(rows), rows[:1], loc)
	}
	do("next page", chromedp.Click(`.list-pages a[rel=next]`), chromedp.WaitVisible(`.list-pages a[aria-current][href*="page=2"]`))
	if rows, loc := state("page 2"); len(rows) != 5 || loc != "/audit?action=user.role&page=2&size=25" {
		t.Fatalf("page 2: %v at %s", rows, loc)
	}
	visible := `(() => { const a = document.querySelector('#audit-list th a.sort[href*="sort=target"]'); a.scrollIntoView({block: "center"});
		const r = a.getBoundingClientRect();
		return a.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) && r.left >= 0 && r.right <= window.innerWidth; })()`
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](visible)); err != nil || !ok {
		t.Fatalf("the target header is not on screen at %d px (%v)", width, err)
	}
	do("sort by target", chromedp.Click(`#audit-list th a.sort[href*="sort=target"]`), chromedp.WaitVisible(`#audit-list th[aria-sort=ascending] a[href*="sort=target"]`))
	if rows, loc := state("by target"); len(rows) != 25 || rows[0] != "u00" || rows[1] != "u01" || loc != "/audit?action=user.role&size=25&sort=target" {
		t.Fatalf("by target: %v at %s", rows[:2], loc)
	}
	do("filter again", htmxReady("#audit-filter"), chromedp.SetValue(`#audit-filter select[name=outcome]`, "success"),
		chromedp.Click(`#audit-filter button[type=submit]`), waitJS(`location.search.includes("outcome=success")`))
	if rows, loc := state("filtered again"); len(rows) != 25 || rows[0] != "u00" || !strings.Contains(loc, "sort=target") || !strings.Contains(loc, "size=25") || !strings.Contains(loc, "action=user.role") {
		t.Fatalf("filtered again: %v at %s", rows[:1], loc)
	}
	if width == 390 {
		browser.Save(t, ctx, "audit-list-390")
		noSidewaysScroll(t, ctx, "audit page")
	}
}
