package web_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"explorer/internal/testkit"
	mdl "explorer/models"
)

// The models list: newest first, sortable headers that keep the search
// and size, the total, page numbers, sizes (a size not offered falls back
// to the default), counts per row and a bulk delete that asks first.
func TestModelsListPagesSortsAndBulkDeletes(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	var ids []int64
	for i := range 27 {
		title := "Model " + string(rune('A'+i%26)) + strings.Repeat("z", i/26)
		m, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: &title, File: modelFile(t)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/models?size=25", nil, nil).Expect(t, 200))
	rows := d.Find("#model-list tbody tr")
	if rows.Length() != 25 || !strings.Contains(rows.First().Text(), "Model Az") {
		t.Fatalf("page 1 of 25: %d rows, first %q", rows.Length(), rows.First().Text())
	}
	if got := strings.TrimSpace(d.Find(".list-total").Text()); got != "27 models, 1–25 shown" {
		t.Fatalf("total %q", got)
	}
	// Groups, topics, terms, versions of the row (modelFile: 1 group? counted by the store).
	m, _ := e.Svc.Model(ann, ids[26])
	first := cellTexts(d, "#model-list tbody tr:first-child td.num")
	want := []string{strconv.Itoa(len(m.Groups)), strconv.Itoa(topicsOf(m)), strconv.Itoa(termsOf(m)), "1"}
	if first != strings.Join(want, ",") {
		t.Fatalf("counts %q, want %v", first, want)
	}
	next, _ := d.Find(".list-pager a[rel=next]").Attr("href")
	if next != "/models?page=2&size=25" {
		t.Fatalf("next %q", next)
	}
	if n := b.doc(b.do("GET", next, nil, nil).Expect(t, 200)).Find("#model-list tbody tr").Length(); n != 2 {
		t.Fatalf("page 2: %d rows", n)
	}
	if n := b.doc(b.do("GET", "/models?size=7&page=x", nil, nil).Expect(t, 200)).Find("#model-list tbody tr").Length(); n != 27 {
		t.Fatalf("size 7 falls back to 50: %d rows", n)
	}
	// The title header sorts ascending, keeping the search and size; the
	// sorted header reverses.
	d = b.doc(b.do("GET", "/models?q=model%20a&size=25", nil, nil).Expect(t, 200))
	href, _ := d.Find(`#model-list th a.sort:contains("Title")`).Attr("href")
	u, _ := url.Parse(href)
	if q := u.Query(); q.Get("sort") != "title" || q.Get("q") != "model a" || q.Get("size") != "25" || q.Get("dir") != "" {
		t.Fatalf("title header links %q", href)
	}
	d = b.doc(b.do("GET", href, nil, nil).Expect(t, 200))
	if got := cellTexts(d, "#model-list tbody tr td:nth-child(2) a"); got != "Model A,Model Az" {
		t.Fatalf("searched and sorted %q", got)
	}
	if h, _ := d.Find(`#model-list th[aria-sort=ascending] a`).Attr("href"); !strings.Contains(h, "dir=desc") {
		t.Fatalf("sorted header links %q", h)
	}
	// Bulk delete: asked first, then deleted, each through the service.
	form := url.Values{"_csrf": {csrf}, "id": {itoa64(ids[0]), itoa64(ids[1])}}
	d = b.doc(b.do("POST", "/models/bulk-delete", form, nil).Expect(t, 200))
	if got := d.Find("#bulk-confirm h2").Text(); got != "Delete 2 models?" {
		t.Fatalf("question %q", got)
	}
	if ms, _ := e.Svc.Models(ann); len(ms) != 27 {
		t.Fatalf("deleted before the confirmation: %d", len(ms))
	}
	form.Set("confirm", "yes")
	d = b.doc(b.do("POST", "/models/bulk-delete", form, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#models").Text(), "Deleted 2 models.") {
		t.Fatalf("no notice: %s", d.Find("#models").Text())
	}
	if ms, _ := e.Svc.Models(ann); len(ms) != 25 {
		t.Fatalf("after the delete: %d", len(ms))
	}
	b.do("POST", "/models/bulk-delete", url.Values{"_csrf": {csrf}}, nil).Expect(t, 422)
}

// Failed imports are grouped above the projects list, out of it, and go
// with one action after a confirmation naming their number.
func TestProjectsListDeletesFailedImports(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	for _, title := range []string{"Broken 1", "Broken 2"} {
		body, ct := testkit.Multipart(t, "empty.csv", []byte(""), map[string]string{"_csrf": csrf, "title": title})
		b.send("/projects/import", body, ct, nil)
	}
	csv, _ := testkit.SurveyCSV(5)
	e.ImportProject("ann", "Good", csv)
	d := b.doc(b.do("GET", "/projects", nil, nil).Expect(t, 200))
	if got := d.Find("#failed-imports h2").Text(); got != "2 failed imports" {
		t.Fatalf("group %q", got)
	}
	if got := cellTexts(d, "#project-list tbody tr td:nth-child(2)"); got != "Good" {
		t.Fatalf("list %q", got)
	}
	d = b.doc(b.do("POST", "/projects/failed/delete", url.Values{"_csrf": {csrf}}, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#failed-imports").Text(), "Delete 2 failed imports?") {
		t.Fatalf("no question: %s", d.Find("#failed-imports").Text())
	}
	d = b.doc(b.do("POST", "/projects/failed/delete", url.Values{"_csrf": {csrf}, "confirm": {"yes"}}, nil).Expect(t, 200))
	if d.Find("#failed-imports").Length() != 0 || !strings.Contains(d.Find("#projects").Text(), "Deleted 2 projects.") {
		t.Fatalf("after the delete: %s", d.Find("#projects").Text())
	}
	if ps, _ := e.Svc.Projects(e.As("ann")); len(ps) != 1 {
		t.Fatalf("projects left: %d", len(ps))
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

func topicsOf(m *mdl.Model) (n int) {
	for _, g := range m.Groups {
		n += len(g.Topics)
	}
	return n
}

func termsOf(m *mdl.Model) (n int) {
	for _, g := range m.Groups {
		for _, t := range g.Topics {
			n += len(t.Terms)
		}
	}
	return n
}
