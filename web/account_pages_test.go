package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/PuerkitoBio/goquery"
)

// The usage page: the figures of an inclusive range kept in the URL, and
// the charts of the last 30 days with one bar per day that has imports.
func TestUsagePageRangeAndCharts(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	e.Clock.Set(time.Date(2026, 1, 22, 12, 0, 0, 0, time.UTC))
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	ctx := e.As("ann")
	for _, r := range []struct {
		day       int
		verbatims int
	}{{1, 100}, {10, 40}, {22, 250}} {
		if err := e.Svc.RecordUsage(ctx, ann.ID, 1, r.verbatims, time.Date(2026, 1, r.day, 10, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	// Both days included: the 22nd counts.
	d := b.doc(b.do("GET", "/account/usage?since=2026-01-10&until=2026-01-22", nil, nil).Expect(t, 200))
	row := d.Find("table.usage tbody tr").Eq(2)
	if !strings.Contains(row.Find("th").Text(), "2026-01-10 – 2026-01-22") || row.Find("td").Eq(3).Text() != "290" {
		t.Fatalf("range row %q", row.Text())
	}
	if v, _ := d.Find(`#usage input[name=until]`).Attr("value"); v != "2026-01-22" {
		t.Fatalf("until as typed: %q", v)
	}
	if m, _ := d.Find(`#usage form`).Attr("method"); m != "get" || d.Find(`#usage form[hx-push-url=true]`).Length() != 1 {
		t.Fatal("the usage form is not a GET form in the URL")
	}
	// Today and this month are links; today's figures hold the 22nd only.
	d = b.doc(b.do("GET", "/account/usage?period=DAY", nil, htmx).Expect(t, 200))
	if d.Find(`.presets a[aria-current]`).Text() != "today" || d.Find("table.usage tbody tr").Eq(2).Find("td").Eq(3).Text() != "250" {
		t.Fatalf("today: %s", d.Find("#usage").Text())
	}
	d = b.doc(b.do("GET", "/account/usage?since=2026-01-10&until=2026-01-22", nil, nil).Expect(t, 200))
	r := b.do("GET", "/account/usage?since=2026-01-12&until=2026-01-10", nil, nil).Expect(t, 200)
	if !strings.Contains(b.doc(r).Find("#usage .error").Text(), "last day") {
		t.Fatalf("reversed range: %s", b.doc(r).Find("#usage").Text())
	}

	// Three days with imports: three bars, heights in proportion.
	svg := d.Find("svg#usage-days-verbatims")
	if svg.Length() != 1 || svg.AttrOr("viewBox", "") == "" || svg.Find("title").First().Text() == "" || svg.Find("desc").Length() != 1 {
		t.Fatal("chart without viewBox or text alternative")
	}
	segs := svg.Find("rect.segment")
	if segs.Length() != 3 {
		t.Fatalf("%d bars, want 3", segs.Length())
	}
	heights := map[string]float64{}
	segs.Each(func(_ int, s *goquery.Selection) {
		h, _ := strconv.ParseFloat(s.AttrOr("height", ""), 64)
		heights[s.AttrOr("data-value", "")] = h
		if s.AttrOr("data-series", "") != "On the trial" || !strings.HasPrefix(s.AttrOr("fill", ""), "url(#") {
			t.Errorf("trial segment not hatched: %v", s.Nodes[0].Attr)
		}
	})
	// The axis tops at 250: 250 fills the plot (166 units), 100 and 40 in
	// proportion.
	if heights["250"] != 166 || heights["100"] != 66.4 || heights["40"] != 26.56 {
		t.Fatalf("heights %v", heights)
	}
	if d.Find("#usage-days details").First().Find("tbody tr").Length() != 30 || d.Find("#usage-months svg#usage-months-projects rect.segment").Length() != 1 {
		t.Fatal("figures table or month chart missing")
	}
}

// The settings page: a control per type, inline errors keeping every typed
// value, and dates on the pages in the chosen format and zone.
func TestSettingsPageControlsAndDates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/account/settings", nil, nil).Expect(t, 200))
	if d.Find(`input[type=checkbox][name=emailNotifications][checked]`).Length() != 1 ||
		d.Find(`select[name=dateFormat] option`).Length() != 3 || d.Find(`select[name=defaultLanguage] option[value=SV]`).Text() != "SV – Swedish" ||
		d.Find(`input[name=timezone][list=zones]`).Length() != 1 || d.Find(`datalist#zones option[value="Europe/Stockholm"]`).Length() != 1 ||
		d.Find(`input[type=number][name=suggestionsCount][min="1"][max="100"]`).Length() != 1 {
		t.Fatalf("controls: %s", d.Find("#settings").Text())
	}
	if d.Find("label[for=setting-suggestionsCount]").Text() != "Number of suggestions" {
		t.Fatal("no plain label")
	}
	// No --smtp: the page says notifications are not sent.
	if !strings.Contains(d.Find(".no-mail").Text(), "not set up to send e-mail") {
		t.Fatal("no word about e-mail being off")
	}
	values := url.Values{"_csrf": {csrf}, "defaultLanguage": {"SV"}, "timezone": {"Mars/Olympus"}, "suggestionsCount": {"0"}, "dateFormat": {"dd/MM/yyyy"}}
	r := b.do("POST", "/account/settings", values, htmx).Expect(t, http.StatusUnprocessableEntity)
	d = b.doc(r)
	if d.Find(`#settings .error[data-key=timezone]`).Length() != 1 || d.Find(`#settings .error[data-key=suggestionsCount]`).Length() != 1 {
		t.Fatalf("field errors: %s", d.Find("#settings").Text())
	}
	// The alert names every failing setting by its label.
	if alert := d.Find(`#settings p.error`).Text(); !strings.Contains(alert, "Time zone") || !strings.Contains(alert, "Number of suggestions must be a whole number from 1 to 100") || strings.Contains(alert, "suggestionsCount") {
		t.Fatalf("alert %q", alert)
	}
	if e := d.Find(`#settings small.error[data-key=suggestionsCount]`).Text(); e != "must be a whole number from 1 to 100" {
		t.Fatalf("field error %q", e)
	}
	if help := d.Find(`#help-emailNotifications`).Text(); strings.Contains(help, "true or false") {
		t.Fatalf("checkbox help %q", help)
	}
	if d.Find(`#setting-timezone[aria-invalid=true]`).AttrOr("aria-describedby", "") != "help-timezone error-timezone" {
		t.Fatal("the error is not tied to its field")
	}
	// Every typed value is kept, the unchecked box too.
	if d.Find(`input[name=timezone]`).AttrOr("value", "") != "Mars/Olympus" || d.Find(`input[name=suggestionsCount]`).AttrOr("value", "") != "0" ||
		d.Find(`select[name=dateFormat] option[selected]`).AttrOr("value", "") != "dd/MM/yyyy" || d.Find(`select[name=defaultLanguage] option[selected]`).AttrOr("value", "") != "SV" ||
		d.Find(`input[name=emailNotifications][checked]`).Length() != 0 {
		t.Fatalf("typed values not kept: %s", r.Body)
	}
	list, _ := e.Svc.Settings(e.As("ann"))
	for _, s := range list {
		if s.Key == "defaultLanguage" && s.Value != "EN" {
			t.Fatal("a refused form changed a setting")
		}
	}
	values.Set("timezone", "America/New_York")
	values.Set("suggestionsCount", "15")
	d = b.doc(b.do("POST", "/account/settings", values, htmx).Expect(t, 200))
	if d.Find(`#settings .error`).Length() != 0 || d.Find(`input[name=timezone]`).AttrOr("value", "") != "America/New_York" {
		t.Fatalf("saved form: %s", d.Find("#settings").Text())
	}
	got := map[string]string{}
	list, _ = e.Svc.Settings(e.As("ann"))
	for _, s := range list {
		got[s.Key] = s.Value
	}
	if got["emailNotifications"] != "false" || got["timezone"] != "America/New_York" || got["dateFormat"] != "dd/MM/yyyy" {
		t.Fatalf("saved %v", got)
	}
	// Dates follow dd/MM/yyyy in New York (the 10th at 12:00 UTC is 07:00
	// there) on the account pages.
	if _, err := e.Svc.BuyCredits(e.As("ann"), 5); err != nil {
		t.Fatal(err)
	}
	d = b.doc(b.do("GET", "/account/credits", nil, nil).Expect(t, 200))
	if date := d.Find("table.charges tbody tr td").First().Text(); date != "10/01/2026 07:00 EST" {
		t.Fatalf("charge date %q", date)
	}
	if _, err := e.Svc.ChangeProduct(e.As("ann"), explorer.PlanChoice{Handle: "basic"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.ChangeProduct(e.As("ann"), explorer.PlanChoice{Handle: "trial"}); err != nil {
		t.Fatal(err)
	}
	d = b.doc(b.do("GET", "/account", nil, nil).Expect(t, 200))
	if m := d.Find(".migration").Text(); !strings.Contains(m, "09/02/2026 19:00 EST") {
		t.Fatalf("migration date %q", m)
	}
}

// The credits page draws the balance after each entry, each kind with its
// own marker and name.
func TestCreditsPageBalanceChart(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	if _, err := e.Svc.BuyCredits(e.As("ann"), 40); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.RecordUsage(e.As("ann"), ann.ID, 1, 15, e.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	d := b.doc(b.do("GET", "/account/credits", nil, nil).Expect(t, 200))
	svg := d.Find("svg#balance-chart")
	var got []string
	svg.Find("path.marker").Each(func(_ int, s *goquery.Selection) {
		got = append(got, s.AttrOr("data-kind", "")+"="+s.AttrOr("data-value", ""))
	})
	if strings.Join(got, " ") != "included=500 purchase=540 usage=525" {
		t.Fatalf("markers %v", got)
	}
	if svg.Find("path.marker").Eq(0).AttrOr("d", "") == svg.Find("path.marker").Eq(1).AttrOr("d", "") {
		t.Fatal("kinds share a marker")
	}
	legend := d.Find("#credits figcaption").Text()
	if !strings.Contains(legend, "Credits bought") || !strings.Contains(legend, "Used by imports") {
		t.Fatalf("legend %q", legend)
	}
	if rows := d.Find("#credits details table tbody tr"); rows.Length() != 3 || !strings.Contains(rows.Eq(2).Text(), "-15") {
		t.Fatalf("figures %s", rows.Text())
	}
}

// Every page shows dates in the viewer's format and zone.
func TestDatesFollowTheViewerOnEveryPage(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	ctx := e.As("root")
	if _, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: "dateFormat", Value: "dd/MM/yyyy"}, {Key: "timezone", Value: "Europe/Stockholm"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.CreateToken(ctx, "root", "ci"); err != nil {
		t.Fatal(err)
	}
	p := e.CreateProject("root", "Survey", testkit.ExampleGroups())
	m, err := e.Svc.CreateModelFromProject(ctx, p.ID, mdl.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	b.login("root", testkit.Password)
	for _, path := range []string{"/tokens", "/users", "/projects", "/projects/" + strconv.FormatInt(p.ID, 10), "/models", "/models/" + strconv.FormatInt(m.ID, 10)} {
		body := string(b.do("GET", path, nil, nil).Expect(t, 200).Body)
		if !strings.Contains(body, "10/01/2026 13:00 CET") || strings.Contains(body, "2026-01-10 12:00") {
			t.Errorf("%s does not show dates as dd/MM/yyyy in Stockholm", path)
		}
	}
}

// mailerFunc is a Mailer for a page test that sends nothing (the SMTP
// path is tested against a real server in the root package).
type mailerFunc func(context.Context, explorer.Mail) error

func (f mailerFunc) Send(ctx context.Context, m explorer.Mail) error { return f(ctx, m) }

// With SMTP configured the settings page does not say e-mail is off, and
// offers the address field.
func TestSettingsPageWithMail(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) {
		o.Mailer = mailerFunc(func(context.Context, explorer.Mail) error { return nil })
	})
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/account/settings", nil, nil).Expect(t, 200))
	if d.Find(".no-mail").Length() != 0 || d.Find(`input[type=email][name=emailAddress]`).Length() != 1 {
		t.Fatalf("settings with mail: %s", d.Find("#settings").Text())
	}
	values := url.Values{"_csrf": {csrf}, "defaultLanguage": {"EN"}, "timezone": {"UTC"}, "suggestionsCount": {"20"}, "dateFormat": {"yyyy-MM-dd"}, "emailNotifications": {"true"}, "emailAddress": {"Ann <ann@example.com>"}}
	d = b.doc(b.do("POST", "/account/settings", values, htmx).Expect(t, http.StatusUnprocessableEntity))
	if d.Find(`.error[data-key=emailAddress]`).Length() != 1 || d.Find(`input[name=emailAddress]`).AttrOr("value", "") != "Ann <ann@example.com>" {
		t.Fatalf("address error: %s", d.Find("#settings").Text())
	}
}
