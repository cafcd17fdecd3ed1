package web_test

import (
	"context"
	"encoding/json"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/browser"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"

	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
)

// notPages are the GET routes the phone test does not open as a page,
// each with the reason. Every other GET route outside /v1 must be in the
// test's list of pages (phonePages), so that a new page is checked too.
var notPages = map[string]string{
	"/metrics":                       "Prometheus text",
	"/healthz":                       "health text",
	"/readyz":                        "readiness text",
	"/login/oidc":                    "a redirect to the identity provider",
	"/login/oidc/callback":           "a redirect back from the identity provider",
	"/account/2fa/qr.png":            "an image, shown on /account/2fa",
	"/models/:id/export":             "a file download",
	"/projects/:id/texts/export":     "a file download",
	"/projects/:id/topics/export":    "a file download",
	"/projects/:id/breakdown/export": "a file download",
	"/projects/:id/timeline/export":  "a file download",
	"/models/:id/groups/:group":      "a group's body, loaded inside /models/:id when the test opens every group",
	"/projects/:id/job":              "the progress of a running job, polled inside /projects/:id",
	"/projects/:id/apply-models":     "the list of the apply picker, loaded inside /projects/:id as one types",
	"/poles/:id/suggestions":         "the suggestions panel, loaded inside /poles/:id by its button",
}

// phoneData is what the phone test's admin owns.
type phoneData struct {
	model, shared, pole, project int64
	group                        int64
}

// phoneFixture makes an admin (root) with data: a model with two versions
// shared with ann and an invitation, a pole with suggestions, a project
// explored into topics with tonality, a token, users, a managed user, a
// word correction, an invitation to manage cleo, and tess, who signs in
// with a second factor.
func phoneFixture(t *testing.T, e *testkit.Env) phoneData {
	t.Helper()
	for _, u := range []struct{ name, role string }{{"root", "admin"}, {"ann", ""}, {"bob", ""}, {"cleo", ""}, {"tess", ""}} {
		e.AddUser(u.name, u.role)
	}
	root := e.As("root")
	m, err := e.Svc.UploadModel(root, mdl.UploadModelInput{Title: new("Drinks and a long title that wraps on a phone"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.UpdateModel(root, m.ID, mdl.ModelInput{IgnoreTerms: &[]string{"the"}}); err != nil {
		t.Fatal(err)
	}
	shareAccepted(t, e, "root", m.ID, "ann", explorer.RightsReadWrite)
	if _, err := e.Svc.ShareModel(root, m.ID, "cleo", explorer.RightsRead); err != nil {
		t.Fatal(err)
	}
	shared, err := e.Svc.UploadModel(e.As("bob"), mdl.UploadModelInput{Title: new("Shared"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	shareAccepted(t, e, "bob", shared.ID, "root", explorer.RightsRead)
	p, err := e.Svc.CreatePole(root, poles.PoleInput{Name: "Warmth", Language: "en", Parts: []poles.PartInput{{Term: "sun"}, {Term: "summer"}}})
	if err != nil {
		t.Fatal(err)
	}
	pr := e.ImportProject("root", "Hotels", hotelCSV())
	if _, err := e.Svc.ExploreProject(root, pr.ID, "review"); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	if _, err := e.Svc.CreateToken(root, "root", "ci"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SetWordPolarity(root, "en", "sick", 1); err != nil {
		t.Fatal(err)
	}
	e.SetManager("root", "bob")
	// cleo has answers to give: root's invitation to manage her and the
	// model root shares with her (Accept and Reject in tables).
	if _, err := e.Svc.Invite(root, "cleo"); err != nil {
		t.Fatal(err)
	}
	full, err := e.Svc.Model(root, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	tessSecondFactor(t, e)
	return phoneData{model: m.ID, shared: shared.ID, pole: p.ID, project: pr.ID, group: full.Groups[0].ID}
}

// tessSecondFactor sets up a second factor for tess, so that her sign-in
// stops at /login/2fa.
func tessSecondFactor(t *testing.T, e *testkit.Env) {
	t.Helper()
	tess := e.As("tess")
	if err := e.Svc.BeginTOTP(tess); err != nil {
		t.Fatal(err)
	}
	uri, err := e.Svc.TOTPKeyURI(tess)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(uri)
	if err != nil {
		t.Fatal(err)
	}
	key := u.Query().Get("secret")
	e.Secret(key)
	code, _ := totp.GenerateCode(key, e.Clock.Now())
	if _, err := e.Svc.ConfirmTOTP(tess, testkit.Password, code); err != nil {
		t.Fatal(err)
	}
}

// phonePages maps every page route to the addresses the admin opens.
func phonePages(d phoneData) map[string][]string {
	m, s, p, pr := "/models/"+itoa(d.model), "/models/"+itoa(d.shared), "/poles/"+itoa(d.pole), "/projects/"+itoa(d.project)
	return map[string][]string{
		"/":                             {"/"},
		"/account":                      {"/account"},
		"/account/credits":              {"/account/credits"},
		"/account/usage":                {"/account/usage"},
		"/account/settings":             {"/account/settings"},
		"/account/product/preview":      {"/account/product/preview?handle=professional"},
		"/account/seats/preview":        {"/account/seats/preview?seats=3"},
		"/account/credits/preview":      {"/account/credits/preview?quantity=250"},
		"/account/2fa":                  {"/account/2fa"},
		"/models":                       {"/models"},
		"/models/:id":                   {m, s},
		"/models/:id/versions/:version": {m + "/versions/1"},
		"/models/:id/search":            {m + "/search?q=a"},
		"/models/:id/versions":          {m + "/versions"},
		"/poles":                        {"/poles"},
		"/poles/:id":                    {p},
		"/projects":                     {"/projects"},
		"/projects/:id":                 {pr},
		"/projects/:id/topics":          {pr + "/topics"},
		"/projects/:id/texts":           {pr + "/texts"},
		"/projects/:id/breakdown":       {pr + "/breakdown"},
		"/projects/:id/timeline":        {pr + "/timeline"},
		"/tokens":                       {"/tokens"},
		"/users":                        {"/users"},
		"/users/:name":                  {"/users/ann", "/users/tess"},
		"/password":                     {"/password"},
		"/backup":                       {"/backup"},
		"/audit":                        {"/audit"},
		// Opened by anonymous and by tess (second factor), not by the admin.
		"/login":     nil,
		"/login/2fa": nil,
	}
}

// checkRoutesListed fails for a GET route outside /v1 that the phone test
// neither opens nor lists as not a page.
func checkRoutesListed(t *testing.T, e *testkit.Env, pages map[string][]string) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range e.App.GetRoutes(true) {
		if r.Method != "GET" || strings.HasPrefix(r.Path, "/v1") || seen[r.Path] {
			continue
		}
		seen[r.Path] = true
		_, page := pages[r.Path]
		if _, other := notPages[r.Path]; !page && !other {
			t.Errorf("GET %s is a new route: add it to phonePages (with an address to open) or to notPages (with the reason)", r.Path)
		}
	}
	for p := range pages {
		if !seen[p] {
			t.Errorf("phonePages lists %s, which is no GET route", p)
		}
	}
}

// phoneActionsJS lists the actions (buttons, submit inputs, links styled
// as buttons, links in action cells, pager links) that a person cannot
// reach at the page's width (and counts those it checked): outside the viewport horizontally, unless
// inside a box that scrolls sideways, where the action must be within the
// box's scrolling area and the box must show its scroll hint (the
// .scroll-frame.more class and the visible .scroll-cue). It also lists
// boxes in main that scroll sideways without the hint.
const phoneActionsJS = `(() => {
	const vw = document.documentElement.clientWidth;
	const actions = 'button, [role=button], input[type=submit], input[type=button], input[type=reset], input[type=image], a.button, .actions a, nav.pages a, .pager a';
	const visible = el => el.checkVisibility({checkVisibilityCSS: true, visibilityProperty: true});
	const describe = el => {
		const label = (el.getAttribute('aria-label') || el.value || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
		const path = [];
		for (let n = el; n && n !== document.body && path.length < 4; n = n.parentElement) {
			let s = n.tagName.toLowerCase();
			if (n.id) { path.unshift(s + '#' + n.id); break; }
			if (n.classList.length) s += '.' + [...n.classList].join('.');
			path.unshift(s);
		}
		return path.join(' > ') + ' "' + label + '"';
	};
	const scrolls = a => { const o = getComputedStyle(a).overflowX; return (o === 'auto' || o === 'scroll') && a.scrollWidth > a.clientWidth + 1; };
	const scroller = el => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (scrolls(a)) return a; return null; };
	const hinted = box => { const f = box.parentElement; const cue = f && f.classList.contains('scroll-frame') && f.querySelector(':scope > .scroll-cue');
		return !!cue && f.classList.contains('more') && visible(cue) && getComputedStyle(cue).visibility === 'visible'; };
	const problems = [];
	let checked = 0;
	for (const el of document.querySelectorAll(actions)) {
		if (!visible(el)) continue;
		const r = el.getBoundingClientRect();
		if (r.width <= 1 || r.height <= 1) continue;
		checked++;
		if (r.left >= -0.5 && r.right <= vw + 0.5) continue;
		const box = scroller(el);
		if (!box) { problems.push(describe(el) + ' is at ' + Math.round(r.left) + '..' + Math.round(r.right) + ' px, outside 0..' + vw); continue; }
		const b = box.getBoundingClientRect();
		const left = r.left - b.left - box.clientLeft + box.scrollLeft;
		if (left < -0.5 || left + r.width > box.scrollWidth + 0.5 || b.left < -0.5 || b.right > vw + 0.5) problems.push(describe(el) + ' cannot be scrolled to in ' + describe(box));
		else if (!hinted(box)) problems.push(describe(el) + ' is in a box that scrolls sideways with no scroll hint: ' + describe(box));
	}
	for (const box of document.querySelectorAll('main *')) {
		if (box.matches('textarea, select, input') || !visible(box) || !scrolls(box) || box.scrollLeft > 0) continue;
		if (!hinted(box)) problems.push(describe(box) + ' scrolls sideways with no scroll hint');
	}
	return JSON.stringify({checked, problems});
})()`

// phoneHintEndJS scrolls every hinted box to its end and lists those
// whose hint is still shown two frames later.
const phoneHintEndJS = `new Promise(done => {
	const frames = [...document.querySelectorAll('.scroll-frame.more')];
	frames.forEach(f => { const box = f.querySelector(':scope > :not(.scroll-cue)'); box.scrollLeft = box.scrollWidth; });
	requestAnimationFrame(() => requestAnimationFrame(() => {
		const left = frames.filter(f => f.classList.contains('more') || getComputedStyle(f.querySelector('.scroll-cue')).visibility === 'visible')
			.map(f => { const b = f.querySelector(':scope > :not(.scroll-cue)'); return b.tagName.toLowerCase() + (b.id ? '#' + b.id : '.' + [...b.classList].join('.')) + ' "' + (b.getAttribute('aria-label') || '') + '"'; });
		frames.forEach(f => { f.querySelector(':scope > :not(.scroll-cue)').scrollLeft = 0; });
		done(JSON.stringify({hinted: frames.length, left}));
	}));
})`

// openAllJS opens every <details> on the page, so that the actions
// inside are checked too.
const openAllJS = `(() => { document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; }); return true; })()`

const htmxIdleJS = `!document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')`

// TestBrowserPhoneActions opens every page of the app at 390 px, as an
// admin with data (and the sign-in pages, and the pages where cleo has
// invitations to answer), opens every <details> and the
// pole's suggestions, and fails naming the page and the element when an
// action cannot be reached on screen: outside 0..390 px, or in a box that
// scrolls sideways without a scroll hint. A hint goes when its box is
// scrolled to the end. A GET route that the test neither opens nor lists
// as not a page fails it too.
func TestBrowserPhoneActions(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat", "blaze", "ember", "warmth", "glow"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	d := phoneFixture(t, e)
	pages := phonePages(d)
	checkRoutesListed(t, e, pages)
	base := e.Serve()
	ctx := browser.New(t, 5*time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	check := phoneChecker(t, ctx, base)
	check("anonymous", "/login", nil)
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.SendKeys(`form[action="/login"] input[name=username]`, "tess"),
		chromedp.SendKeys(`form[action="/login"] input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form[action="/login/2fa"]`),
	)
	if err != nil {
		t.Fatalf("tess's sign-in: %v", err)
	}
	check("tess", "", nil)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/login")); err != nil {
		t.Fatal(err)
	}
	signInBrowser(t, ctx, base, "cleo")
	for _, path := range []string{"/", "/models", "/account"} {
		check("cleo", path, nil)
	}
	signOutBrowser(t, ctx)
	signInBrowser(t, ctx, base, "root")
	var routes []string
	for r := range pages {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	for _, r := range routes {
		for _, path := range pages[r] {
			var then []chromedp.Action[chromedp.Void]
			if r == "/poles/:id" {
				then = append(then, chromedp.Click(`#suggestions button`), chromedp.WaitVisible(`#suggestions tbody tr`))
			}
			check("root", path, then)
		}
	}
}

func signOutBrowser(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(`form.signout button`), chromedp.WaitVisible(`form[action="/login"]`)); err != nil {
		t.Fatalf("sign out: %v", err)
	}
}

// phoneChecker returns a check that opens path (or stays on the page when
// path is empty), runs then, opens every <details>, and reports what
// phoneActionsJS finds, naming the page; it saves a screenshot.
func phoneChecker(t *testing.T, ctx context.Context, base string) func(who, path string, then []chromedp.Action[chromedp.Void]) {
	return func(who, path string, then []chromedp.Action[chromedp.Void]) {
		t.Helper()
		name := who + strings.ReplaceAll(strings.NewReplacer("?", "_", "=", "_").Replace(path), "/", "_")
		if path != "" {
			if err := chromedp.Do(ctx, chromedp.Navigate(base+path), chromedp.WaitReady("body")); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		actions := append(then, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](openAllJS)(ctx, t)
			return err
		}), waitJS(htmxIdleJS))
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		browser.Save(t, ctx, "phone-"+name)
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](phoneActionsJS))
		if err != nil {
			t.Fatalf("%s: measure: %v", name, err)
		}
		var found struct {
			Checked  int      `json:"checked"`
			Problems []string `json:"problems"`
		}
		if err := json.Unmarshal([]byte(raw), &found); err != nil {
			t.Fatal(err)
		}
		if found.Checked == 0 {
			t.Errorf("%s at 390 px: no action found on the page", name)
		}
		for _, p := range found.Problems {
			t.Errorf("%s at 390 px: %s", name, p)
		}
		raw, err = chromedp.Run(ctx, chromedp.Evaluate[string](phoneHintEndJS, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: scroll hints: %v", name, err)
		}
		var end struct {
			Hinted int      `json:"hinted"`
			Left   []string `json:"left"`
		}
		if err := json.Unmarshal([]byte(raw), &end); err != nil {
			t.Fatal(err)
		}
		for _, l := range end.Left {
			t.Errorf("%s at 390 px: the scroll hint of %s stays when scrolled to the end", name, l)
		}
		t.Logf("%s: %d actions checked, %d problems, %d scroll hints", name, found.Checked, len(found.Problems), end.Hinted)
	}
}
