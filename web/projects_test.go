package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/PuerkitoBio/goquery"
)

func TestProjectPages(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	importFile := func(name string, content []byte, fields map[string]string, hdr map[string]string) *testkit.Response {
		f := map[string]string{"_csrf": csrf}
		for k, v := range fields {
			f[k] = v
		}
		body, ct := testkit.Multipart(t, name, content, f)
		return b.send("/projects/import", body, ct, hdr)
	}

	d := b.doc(b.do("GET", "/projects", nil, nil).Expect(t, 200))
	if d.Find("#no-projects").Length() != 1 || d.Find(`form#import input[type=file][name=file]`).Length() != 1 || d.Find(`nav a[aria-current=page]`).Text() != "Projects" {
		t.Fatal("empty list page lacks its parts")
	}
	// Without CSRF: refused. A file without a header: 422 with the message.
	content, empty := testkit.SurveyCSV(300)
	if r := importFile("survey.csv", content, map[string]string{"_csrf": ""}, nil); r.Status != http.StatusForbidden {
		t.Fatalf("import without CSRF: %d", r.Status)
	}
	r := importFile("empty.csv", []byte(""), map[string]string{"title": "Empty"}, htmx)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(b.doc(r).Find("#projects .error").Text(), "no header row") {
		t.Fatalf("empty file: %d %s", r.Status, r.Body)
	}
	if !strings.Contains(b.doc(r).Find("#failed-imports").Text(), "import failed") {
		t.Fatalf("the failed import is not listed: %s", r.Body)
	}

	r = importFile("survey.csv", content, map[string]string{"title": "Survey"}, htmx)
	if r.Header.Get("HX-Redirect") != "/projects/2" {
		t.Fatalf("import: %d %v %s", r.Status, r.Header, r.Body)
	}
	d = b.doc(b.do("GET", "/projects/2", nil, nil).Expect(t, 200))
	if d.Find("#status").Text() == "" || !strings.Contains(d.Find("#status").Text(), "Ready to explore") || strings.TrimSpace(d.Find("#rows").Text()) != "300" {
		t.Fatalf("project page: %s", d.Find("#project").Text())
	}
	row := d.Find("#headers tbody tr").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Find("td").First().Text() == "comment" })
	if row.Find("td").Eq(3).Text() != "EN" || row.Find("td").Eq(2).Text() != itoa(int64(empty.Comment)) {
		t.Fatalf("comment header %q", row.Text())
	}
	if d.Find("#no-topics").Length() != 1 {
		t.Fatal("topics before exploring")
	}

	// Explore: topics with counts.
	r = b.do("POST", "/projects/2/explore", url.Values{"_csrf": {csrf}, "column": {""}}, htmx).Expect(t, 200)
	d = b.doc(r)
	if !strings.Contains(d.Find("#status").Text(), "Explored") || d.Find("#topics tbody tr").Length() == 0 || d.Find("#topics td.count").First().Text() == "0" {
		t.Fatalf("explored page: %s", d.Find("#project").Text())
	}
	// Unknown column: 422 on the form.
	r = b.do("POST", "/projects/2/explore", url.Values{"_csrf": {csrf}, "column": {"nope"}}, htmx)
	if r.Status != http.StatusUnprocessableEntity && r.Status != http.StatusBadRequest {
		t.Fatalf("unknown column: %d", r.Status)
	}
	// The numbers of topics and groups: a bad one refused, others used.
	r = b.do("POST", "/projects/2/explore", url.Values{"_csrf": {csrf}, "topics": {"many"}}, htmx)
	if r.Status != http.StatusUnprocessableEntity && r.Status != http.StatusBadRequest {
		t.Fatalf("topics=many: %d", r.Status)
	}
	b.do("POST", "/projects/2/explore", url.Values{"_csrf": {csrf}, "topics": {"4"}, "groups": {"2"}}, htmx).Expect(t, 200)
	if p, err := e.Svc.Project(e.As("ann"), 2); err != nil || len(p.Structure.Groups) > 2 || topicCount(p) > 4 || topicCount(p) == 0 {
		t.Fatalf("explored with 4 topics in 2 groups: %+v %v", p, err)
	}
	b.do("POST", "/projects/2/explore", url.Values{"_csrf": {csrf}}, htmx).Expect(t, 200)

	// Apply a model from another project; append rows; delete.
	m, err := e.Svc.CreateModelFromProject(e.As("ann"), 2, mdl.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	p3 := e.ImportProject("ann", "Other", content)
	d = b.doc(b.do("GET", "/projects/"+itoa(p3.ID), nil, nil).Expect(t, 200))
	if d.Find(`#apply select[name=model] option`).Length() != 1 {
		t.Fatal("no model to choose")
	}
	r = b.do("POST", "/projects/"+itoa(p3.ID)+"/apply", url.Values{"_csrf": {csrf}, "model": {itoa(m.ID)}}, htmx).Expect(t, 200)
	if d = b.doc(r); !strings.Contains(d.Find("#model").Text(), "Survey") {
		t.Fatalf("applied: %s", d.Find("#model").Text())
	}
	more, _ := testkit.SurveyCSV(20)
	body, ct := testkit.Multipart(t, "more.csv", more, map[string]string{"_csrf": csrf})
	r = b.send("/projects/"+itoa(p3.ID)+"/append", body, ct, htmx).Expect(t, 200)
	if strings.TrimSpace(b.doc(r).Find("#rows").Text()) != "320" {
		t.Fatalf("appended: %s", b.doc(r).Find("#project").Text())
	}
	r = b.do("POST", "/projects/"+itoa(p3.ID)+"/delete", url.Values{"_csrf": {csrf}}, htmx)
	if r.Header.Get("HX-Redirect") != "/projects" {
		t.Fatalf("delete: %d %v", r.Status, r.Header)
	}
	b.do("GET", "/projects/"+itoa(p3.ID), nil, nil).Expect(t, 404)
	// Another user's project is not found.
	e.AddUser("bob", "")
	bob := newBrowser(t, e)
	bob.login("bob", testkit.Password)
	bob.do("GET", "/projects/2", nil, nil).Expect(t, 404)
}

func topicCount(p *explorer.Project) int {
	n := 0
	for _, g := range p.Structure.Groups {
		n += len(g.Topics)
	}
	return n
}
