package web_test

import (
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"

	"github.com/PuerkitoBio/goquery"
)

func cellTexts(d *goquery.Document, sel string) string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return strings.Join(out, ",")
}

// The poles, models and projects lists are searched and ordered by query
// parameters; the form keeps them, the pager carries them on.
func TestListsSearchAndOrder(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	for _, p := range []struct{ name, lang string }{{"Warm", "en"}, {"Cold", "sv"}, {"Warmth", "de"}} {
		if _, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: p.name, Language: p.lang}); err != nil {
			t.Fatal(err)
		}
	}
	for _, title := range []string{"Drinks", "Food", "Soft drinks"} {
		if _, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: new(title), File: modelFile(t)}); err != nil {
			t.Fatal(err)
		}
	}
	csv, _ := testkit.SurveyCSV(10)
	for _, title := range []string{"Survey B", "Survey A", "Other"} {
		e.ImportProject("ann", title, csv)
	}
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	get := func(path string) *goquery.Document {
		t.Helper()
		return b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
	}
	d := get("/poles?q=warm&sort=name&dir=desc")
	if got := cellTexts(d, "#poles tbody tr td:nth-child(2)"); !strings.HasPrefix(got, "Warmth") || strings.Contains(got, "Cold") || !strings.Contains(got, "Warm") {
		t.Fatalf("poles %q", got)
	}
	if v, _ := d.Find(`form.search input[name=q]`).Attr("value"); v != "warm" || d.Find(`form.search input[name=dir]`).AttrOr("value", "") != "desc" {
		t.Fatal("the search form does not keep the query")
	}
	if got := get("/models?q=DRINKS&sort=title").Find("#models").Text(); !strings.Contains(got, "Drinks") || !strings.Contains(got, "Soft drinks") || strings.Contains(got, "Food") {
		t.Fatalf("models %q", got)
	}
	d = get("/projects?sort=title")
	if got := cellTexts(d, "#project-list tbody tr td:nth-child(2)"); got != "Other,Survey A,Survey B" {
		t.Fatalf("projects by title %q", got)
	}
	if got := cellTexts(get("/projects"), "#project-list tbody tr td:nth-child(2)"); got != "Other,Survey A,Survey B" {
		t.Fatalf("projects newest first %q", got)
	}
	if got := cellTexts(get("/projects?sort=title&dir=desc&q=survey"), "#project-list tbody tr td:nth-child(2)"); got != "Survey B,Survey A" {
		t.Fatalf("projects searched by title, descending %q", got)
	}
	b.do("GET", "/models?sort=secret", nil, nil).Expect(t, http.StatusUnprocessableEntity)
}
