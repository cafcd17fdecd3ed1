package web_test

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// exampleWithGroupRow is the example model with group 3 written as a
// group row that carries only its index (`3,,`, the group then takes the
// label of its first topic) and its topics as 3.1 and 3.2.
const exampleWithGroupRow = "Index,Label,Terms,Pinned\r\n" +
	"1,Burger,\"burger, cheeseburger, veggie burger\",true\r\n" +
	"2,Fries,\"fries, chips, the chips\",false\r\n" +
	"3,,,\r\n" +
	"3.1,Nice,\"nice, good\",\r\n" +
	"3.2,Sweet,\"sweet,\",\r\n" +
	"4,Soda,\"soda, drinks\",FALSE\r\n"

// sameGroups compares structures without ids.
func sameGroups(a, b []explorer.Group) bool {
	strip := func(in []explorer.Group) []explorer.Group {
		out := make([]explorer.Group, len(in))
		for i, g := range in {
			topics := make([]explorer.Topic, len(g.Topics))
			for j, t := range g.Topics {
				topics[j] = explorer.Topic{Title: t.Title, Terms: t.Terms}
			}
			out[i] = explorer.Group{Title: g.Title, Pinned: g.Pinned, Topics: topics}
		}
		return out
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// TestBrowserVersionsDiffRestoreExport is the acceptance flow of the
// versions page: upload a sheet with a group row; add "shake" to Soda
// through v1; the difference of versions 1 and 2 shows "+ shake" under
// Soda; restoring version 1 (confirmed) makes version 3 equal to version
// 1; version 2 downloaded as XLSX from the page and uploaded through the
// upload form gives a model equal to version 2.
func TestBrowserVersionsDiffRestoreExport(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	ctx := browser.New(t, 90*time.Second)
	dir := t.TempDir()
	sheet := filepath.Join(dir, "menu.csv")
	writeFile(t, sheet, exampleWithGroupRow)
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
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

	step("sign in and upload",
		chromedp.Navigate(base+"/models"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form#upload`),
		chromedp.SetUploadFiles(`form#upload input[name=file]`, []string{sheet}),
		chromedp.SetValue(`form#upload input[name=title]`, "Menu"),
		chromedp.Click(`form#upload button[type=submit]`),
		chromedp.WaitVisible(`#versions-link`),
	)
	v1, err := e.Svc.Model(e.As("ann"), 1)
	if err != nil || v1.Groups[2].Title != "Nice" || len(v1.Groups[2].Topics) != 2 {
		t.Fatalf("uploaded %+v %v", v1, err)
	}

	// "shake" joins Soda through v1, based on the version read.
	groups := append([]explorer.Group{}, v1.Groups...)
	groups[3].Topics = []explorer.Topic{{ID: groups[3].Topics[0].ID, Title: "Soda", Terms: []string{"soda", "drinks", "shake"}}}
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/1", User: "ann", Body: map[string]any{"groups": groups}, Header: map[string]string{"If-Match": `"1"`}}).Expect(t, 204)

	step("open the versions page and compare 1 with 2",
		chromedp.Reload(),
		chromedp.WaitVisible(`#versions-link`),
		chromedp.Click(`#versions-link`),
		chromedp.WaitVisible(`#compare`),
		// The page loaded compares 2 with 1 (from the link below); the
		// form then loads the page comparing 1 with 2.
		chromedp.Navigate(base+"/models/1/versions?from=2&to=1"),
		chromedp.WaitVisible(`#diff del.removed`),
		chromedp.SetValue(`#from`, "1"),
		chromedp.SetValue(`#to`, "2"),
		htmxReady(`#compare button[type=submit]`),
		chromedp.Click(`#compare button[type=submit]`),
		chromedp.WaitVisible(`#diff ins.added`),
	)
	if loc, err := chromedp.Run(ctx, chromedp.Location()); err != nil || !strings.HasSuffix(loc, "/models/1/versions?from=1&to=2") {
		t.Fatalf("compare form went to %q: %v", loc, err)
	}
	group := text(`#diff .diff-group h4`)
	added := text(`#diff .diff-group ins.added`)
	if !strings.Contains(group, "Soda") || added != "+ shake" {
		t.Fatalf("diff: group %q, added %q", group, added)
	}
	if by := text(`#version-2 td.by`); by != "ann" {
		t.Fatalf("version 2 made by %q", by)
	}
	browser.Screenshot(t, ctx, "versions-diff")

	// Restore version 1: the confirmation is asked (and answered yes).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.confirm = (m) => { window.asked = m; return true; }; true`)); err != nil {
		t.Fatal(err)
	}
	// The comparison's swap settles (and scrolls to #compare) before the
	// click, which would otherwise land where the button was.
	step("restore version 1",
		htmxReady(`#version-1 form button[type=submit]`),
		chromedp.Click(`#version-1 form button[type=submit]`),
		// An error the page shows ends the wait too, and names itself.
		chromedp.WaitVisible(`#model-versions p.notice, p.app-error`),
	)
	if msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('p.app-error') || {}).textContent || ""`)); msg != "" {
		t.Fatalf("restore version 1: the page says %q", msg)
	}
	if asked, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.asked || ""`)); err != nil || !strings.Contains(asked, "Restore version 1?") {
		t.Fatalf("confirmation %q: %v", asked, err)
	}
	if n := text(`#model-versions p.notice`); !strings.Contains(n, "restored as version 3") {
		t.Fatalf("notice %q", n)
	}
	if removed := text(`#diff del.removed`); removed != "− shake" {
		t.Fatalf("diff 2 → 3: %q", removed)
	}
	browser.Screenshot(t, ctx, "versions-restored")
	v3, err := e.Svc.Model(e.As("ann"), 1)
	if err != nil || v3.Version != 3 || !reflect.DeepEqual(v3.Groups, v1.Groups) {
		t.Fatalf("version 3 differs from version 1: %+v %v", v3, err)
	}

	// Download version 2 as XLSX through the page's link, with the
	// browser's session, and upload it through the upload form.
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#version-2 a[href*="format=xlsx"]').href`))
	if err != nil {
		t.Fatal(err)
	}
	b64, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch(%q).then(r => {
		if (!r.ok || !r.headers.get('Content-Disposition').includes('Menu-v2.xlsx')) throw new Error('download ' + r.status);
		return r.arrayBuffer();
	}).then(b => { let s = ''; new Uint8Array(b).forEach(c => s += String.fromCharCode(c)); return btoa(s); })`, href), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("download %s: %v", href, err)
	}
	xlsx, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(dir, "Menu-v2.xlsx")
	writeFile(t, exported, string(xlsx))
	step("upload the export",
		chromedp.Navigate(base+"/models"),
		chromedp.WaitVisible(`form#upload`),
		chromedp.SetUploadFiles(`form#upload input[name=file]`, []string{exported}),
		chromedp.SetValue(`form#upload input[name=title]`, "Menu again"),
		chromedp.Click(`form#upload button[type=submit]`),
		chromedp.WaitVisible(`#versions-link`),
	)
	browser.Screenshot(t, ctx, "export-uploaded")
	v2, err := e.Svc.ModelVersion(e.As("ann"), 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	again, err := e.Svc.Model(e.As("ann"), 2)
	if err != nil || again.Title == nil || *again.Title != "Menu again" || !sameGroups(again.Groups, v2.Groups) {
		t.Fatalf("uploaded export %+v differs from version 2 %+v: %v", again.Groups, v2.Groups, err)
	}

	// A larger change read on a phone: renamed, moved, added and removed
	// groups and topics, ignored terms; the page fits 390 px.
	cur := v3.Groups
	changed := []explorer.Group{
		{ID: cur[3].ID, Title: "Drinks", Topics: append(append([]explorer.Topic{}, cur[3].Topics...), cur[2].Topics[1])},
		cur[0],
		{ID: cur[2].ID, Title: cur[2].Title, Topics: []explorer.Topic{cur[2].Topics[0], {Title: "Tasty", Terms: []string{"tasty", "yummy"}}}},
		{Title: "Coffee", Pinned: true, Topics: []explorer.Topic{{Title: "Coffee", Terms: []string{"coffee", "espresso"}}}},
	}
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/1", User: "ann", Body: map[string]any{"groups": changed, "ignoreTerms": []string{"the"}}}).Expect(t, 204)
	step("the larger diff at 390 px",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+"/models/1/versions?from=1&to=4"),
		chromedp.WaitVisible(`#diff`),
	)
	browser.Screenshot(t, ctx, "versions-diff-390")
	width, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil || width > 390 {
		t.Fatalf("the versions page is %d px wide at 390: %v", width, err)
	}
	for _, want := range []string{"Drinks", "renamed from Soda", "moved", "+ Coffee", "− Fries", "moved from group Nice", "+ Tasty", "+ the"} {
		if d := text(`#diff`); !strings.Contains(d, want) {
			t.Fatalf("diff lacks %q: %q", want, d)
		}
	}
}
