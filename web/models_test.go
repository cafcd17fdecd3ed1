package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
	mdl "explorer/models"

	"github.com/PuerkitoBio/goquery"
)

// send posts a raw body with the browser's cookies.
func (b *client) send(path string, body []byte, ct string, hdr map[string]string) *testkit.Response {
	b.t.Helper()
	h := map[string]string{}
	var parts []string
	for k, v := range b.cookies {
		parts = append(parts, k+"="+v)
	}
	h["Cookie"] = strings.Join(parts, "; ")
	for k, v := range hdr {
		h[k] = v
	}
	return b.e.Do(testkit.Request{Method: "POST", Path: path, Header: h, Body: body, ContentType: ct})
}

// upload posts the upload form with a file.
func (b *client) upload(csrf, name string, content []byte, fields map[string]string, hdr map[string]string) *testkit.Response {
	b.t.Helper()
	f := map[string]string{"_csrf": csrf}
	for k, v := range fields {
		f[k] = v
	}
	body, ct := testkit.Multipart(b.t, name, content, f)
	return b.send("/models/upload", body, ct, hdr)
}

// post sends a form of the model pages through htmx.
func (b *client) post(path string, form url.Values) *testkit.Response {
	b.t.Helper()
	return b.do("POST", path, form, htmx)
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../api/testdata/models/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestModelPagesUploadEditVersions(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)

	d := b.doc(b.do("GET", "/models", nil, nil).Expect(t, 200))
	if d.Find("#no-models").Length() != 1 || d.Find(`form#upload input[type=file][name=file]`).Length() != 1 || d.Find(`nav a[aria-current=page]`).Text() != "Models" {
		t.Fatal("empty list page lacks its parts")
	}

	// Without the CSRF token, a bad file: refused, nothing stored.
	if r := b.upload("", "example.csv", fixture(t, "example.csv"), nil, nil); r.Status != http.StatusForbidden {
		t.Fatalf("upload without CSRF: %d", r.Status)
	}
	r := b.upload(csrf, "bad.csv", []byte("Index,Label,Terms\n1,A,a\nx.1,B,b\n"), map[string]string{"title": "Bad"}, htmx)
	if r.Status != http.StatusUnprocessableEntity || !containsFold(b.doc(r).Find("#models .error").Text(), "row 3") {
		t.Fatalf("bad file: %d %s", r.Status, r.Body)
	}
	if v, _ := b.doc(r).Find(`#upload input[name=title]`).Attr("value"); v != "Bad" {
		t.Fatalf("the form lost its title: %q", v)
	}
	r = b.upload(csrf, "notes.txt", []byte("hello"), nil, htmx)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), ".csv, .xls or .xlsx") {
		t.Fatalf("text file: %d %s", r.Status, r.Body)
	}
	if list, _ := e.Svc.Models(e.As("ann")); len(list) != 0 {
		t.Fatalf("bad uploads stored %+v", list)
	}

	// A good file: to the model's page (a redirect, or HX-Redirect).
	r = b.upload(csrf, "example.xlsx", fixture(t, "example.xlsx"), map[string]string{"title": "Menu"}, nil)
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/models/1" {
		t.Fatalf("upload: %d %q", r.Status, r.Header.Get("Location"))
	}
	r = b.upload(csrf, "example.csv", fixture(t, "example.csv"), nil, htmx)
	if r.Header.Get("HX-Redirect") != "/models/2" {
		t.Fatalf("htmx upload: %d %v", r.Status, r.Header)
	}
	d = b.doc(b.do("GET", "/models", nil, nil).Expect(t, 200))
	if got := d.Find("#model-list tbody tr").Length(); got != 2 || !strings.Contains(d.Find("#model-list").Text(), "Untitled model 2") {
		t.Fatalf("list has %d rows: %s", got, d.Find("#model-list").Text())
	}
	if typ := strings.TrimSpace(d.Find("#model-list tbody tr td").Eq(2).Text()); typ != "Standard" {
		t.Fatalf("the list shows the type %q, not its label", typ)
	}

	// The model page shows groups, topics and terms with forms to edit.
	d = b.doc(b.do("GET", "/models/1", nil, nil).Expect(t, 200))
	if d.Find("h1").Text() != "Menu" || d.Find("details.group").Length() != 4 || d.Find("#versions tbody tr").Length() != 1 {
		t.Fatalf("model page: %s", d.Find("#model").Text())
	}
	if by := strings.TrimSpace(d.Find("#versions tbody tr td.by").First().Text()); by != "ann" {
		t.Fatalf("version 1 made by %q, want ann", by)
	}
	if got := chipsOf(d, 2); got != "fries,chips,the chips" {
		t.Fatalf("terms of Fries %q", got)
	}

	// Terms are removed and added one form at a time; each save answers
	// the topic's terms with the version out of band; saves more than
	// mdl.AmendWindow apart make a version each.
	r = b.post("/models/1/topics/2/terms/remove", url.Values{"_csrf": {csrf}, "version": {"1"}, "term": {"the chips"}}).Expect(t, 200)
	d = b.doc(r)
	if d.Find("#editor-live").Text() != "Term removed." || chipsOf(d, 2) != "fries,chips" || d.Find("#model-version[hx-swap-oob]").AttrOr("value", "") != "2" || d.Find("#versions[hx-swap-oob] tbody tr").Length() != 2 {
		t.Fatalf("after removing a term: %s", r.Body)
	}
	// A form from the page as it was before, changing the topic changed
	// since, is refused (422): its group answers as it is now, below the
	// message, and nothing changes.
	r = b.post("/models/1/topics/2/terms", url.Values{"_csrf": {csrf}, "version": {"1"}, "term": {"frites"}})
	d = b.doc(r)
	if r.Status != http.StatusUnprocessableEntity || r.Header.Get("HX-Retarget") != "#group-2" || !containsFold(d.Find(".editor-error").Text(), "version 2") || !strings.Contains(d.Find(".editor-error").Text(), "add “frites”") || chipsOf(d, 2) != "fries,chips" || !strings.Contains(d.Find("#model-status[hx-swap-oob]").Text(), "Version 2 (current)") || d.Find("#versions[hx-swap-oob] tbody tr").Length() != 2 {
		t.Fatalf("stale form: %d %s", r.Status, r.Body)
	}
	steps := []struct {
		path   string
		form   url.Values
		notice string
	}{
		{"/models/1/topics/2/terms", url.Values{"term": {"french fries, Fries"}}, "Terms added; “Fries” is already in this topic."},
		{"/models/1/topics/2/terms/remove", url.Values{"term": {"chips"}}, "Term removed."},
		{"/models/1/groups", url.Values{"title": {"Desserts"}, "terms": {"ice cream, cake"}, "pinned": {"true"}}, "Group added."},
		{"/models/1/groups/5/topics", url.Values{"title": {"Pie"}, "terms": {"pie"}}, "Topic added."},
		{"/models/1/groups/3", url.Values{"title": {"Taste"}, "pinned": {"true"}}, "Group saved."},
		{"/models/1/topics/4/delete", url.Values{}, "Topic removed."},
		{"/models/1/groups/4/delete", url.Values{}, "Group removed."},
		{"/models/1/ignore", url.Values{"terms": {"the, a"}}, "Ignored terms saved."},
		{"/models/1/title", url.Values{"title": {"Lunch menu"}}, "Title saved."},
	}
	for i, st := range steps {
		e.Clock.Advance(mdl.AmendWindow)
		st.form.Set("_csrf", csrf)
		st.form.Set("version", itoa(int64(i+2)))
		if st.path == "/models/1/title" {
			st.form.Del("version")
		}
		d = b.doc(b.post(st.path, st.form).Expect(t, 200))
		got := d.Find("#editor-live").Text()
		if got == "" {
			got = d.Find(".notice[role=status]").Text()
		}
		if got != st.notice {
			t.Fatalf("%s: notice %q, error %q", st.path, got, d.Find(".error").Text())
		}
	}
	// An empty topic title is shown as an error.
	r = b.post("/models/1/topics/2", url.Values{"_csrf": {csrf}, "version": {"10"}, "title": {" "}})
	if r.Status != http.StatusUnprocessableEntity || !containsFold(b.doc(r).Find(".editor-error").Text(), "must not be empty") {
		t.Fatalf("empty title: %d %s", r.Status, r.Body)
	}
	m, err := e.Svc.Model(e.As("ann"), 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range m.Groups {
		for _, tp := range g.Topics {
			got = append(got, g.Title+"/"+tp.Title+"="+strings.Join(tp.Terms, "+"))
		}
	}
	want := []string{"Burger/Burger=burger+cheeseburger+veggie burger", "Fries/Fries=fries+french fries", "Taste/Nice=nice+good", "Desserts/Desserts=ice cream+cake", "Desserts/Pie=pie"}
	if !reflect.DeepEqual(got, want) || !m.Groups[2].Pinned || !m.Groups[3].Pinned || *m.Title != "Lunch menu" || len(m.IgnoreTerms) != 2 || m.Version != 10 {
		t.Fatalf("model after editing %q, version %d", got, m.Version)
	}

	// A past version is shown read-only.
	d = b.doc(b.do("GET", "/models/1/versions/1", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#model").Text(), "Showing version 1 of 10") || d.Find(`#structure form:not(.search), #structure button:not(form.search button)`).Length() != 0 || chipsOf(d, 2) != "fries,chips,the chips" {
		t.Fatalf("version 1 page: %s", d.Find("#model").Text())
	}
	b.do("GET", "/models/1/versions/11", nil, nil).Expect(t, 404)
	b.do("GET", "/models/1/versions/x", nil, nil).Expect(t, 404)
	b.do("GET", "/models/99", nil, nil).Expect(t, 404)

	// Delete: back to the list.
	r = b.post("/models/1/delete", url.Values{"_csrf": {csrf}})
	if r.Header.Get("HX-Redirect") != "/models" {
		t.Fatalf("delete: %d %v", r.Status, r.Header)
	}
	b.do("GET", "/models/1", nil, nil).Expect(t, 404)
}

func TestModelPagesSharing(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"ann", "bob", "cy", "dan"} {
		e.AddUser(u, "")
	}
	m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Shared"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	path := "/models/" + itoa(m.ID)
	ann := newBrowser(t, e)
	annCSRF := ann.login("ann", testkit.Password)

	// Invite bob (read and write), cy (read) and dan; errors are shown.
	for _, inv := range []struct{ user, rights string }{{"bob", "READ_WRITE"}, {"cy", "READ"}, {"dan", "READ"}} {
		d := ann.doc(ann.post(path+"/share", url.Values{"_csrf": {annCSRF}, "userId": {inv.user}, "rights": {inv.rights}}).Expect(t, 200))
		if !strings.HasPrefix(d.Find("#model .notice").Text(), "Invitation sent to "+inv.user+". "+inv.user+" is not told by e-mail: this server sends no e-mail.") {
			t.Fatalf("share with %s: %s", inv.user, d.Find("#model").Text())
		}
	}
	for _, bad := range []struct{ user, msg string }{{"bob", "pending invitation"}, {"ghost", "not found"}, {"ann", "owns"}} {
		r := ann.post(path+"/share", url.Values{"_csrf": {annCSRF}, "userId": {bad.user}})
		if r.Status != http.StatusUnprocessableEntity || !containsFold(ann.doc(r).Find("#model .error").Text(), bad.msg) {
			t.Fatalf("share with %s: %d %s", bad.user, r.Status, r.Body)
		}
	}
	d := ann.doc(ann.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find("#model-invitations tbody tr").Length() != 3 {
		t.Fatalf("invitations: %s", d.Find("#sharing").Text())
	}
	// ann revokes dan's invitation.
	invs, _, _ := e.Svc.ModelInvitationsPage(e.As("dan"), explorer.Page{})
	ann.post(path+"/invitations/"+itoa(invs[0].ID)+"/revoke", url.Values{"_csrf": {annCSRF}}).Expect(t, 200)
	dan := newBrowser(t, e)
	dan.login("dan", testkit.Password)
	if dan.doc(dan.do("GET", "/models", nil, nil)).Find("#received-invitations").Length() != 0 {
		t.Fatal("revoked invitation shown")
	}

	// bob sees the invitation, cannot open the model yet, accepts.
	bob := newBrowser(t, e)
	bobCSRF := bob.login("bob", testkit.Password)
	bob.do("GET", path, nil, nil).Expect(t, 404)
	d = bob.doc(bob.do("GET", "/models", nil, nil).Expect(t, 200))
	accept, _ := d.Find(`#received-invitations form[action$="/accept"]`).Attr("action")
	if !strings.Contains(d.Find("#received-invitations").Text(), "Shared") || accept == "" {
		t.Fatalf("bob's invitations: %s", d.Find("#models").Text())
	}
	d = bob.doc(bob.post(accept, url.Values{"_csrf": {bobCSRF}}).Expect(t, 200))
	if !strings.Contains(d.Find("#model-list").Text(), "shared with you") {
		t.Fatalf("after accepting: %s", d.Find("#models").Text())
	}
	// READ_WRITE: editing forms and the share form, no delete.
	d = bob.doc(bob.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find(`#model input[name=terms]`).Length() == 0 || d.Find("form#share").Length() != 1 || d.Find("form#delete").Length() != 0 {
		t.Fatal("bob's page lacks editing or offers deleting")
	}
	bob.post(path+"/delete", url.Values{"_csrf": {bobCSRF}}).Expect(t, http.StatusUnprocessableEntity)

	// cy rejects first, then is invited again and accepts: read only.
	cy := newBrowser(t, e)
	cyCSRF := cy.login("cy", testkit.Password)
	d = cy.doc(cy.do("GET", "/models", nil, nil))
	reject, _ := d.Find(`#received-invitations form[action$="/reject"]`).Attr("action")
	d = cy.doc(cy.post(reject, url.Values{"_csrf": {cyCSRF}}).Expect(t, 200))
	if d.Find("#received-invitations").Length() != 0 || d.Find("#models .notice").Text() != "Invitation rejected." {
		t.Fatalf("after rejecting: %s", d.Find("#models").Text())
	}
	ann.post(path+"/share", url.Values{"_csrf": {annCSRF}, "userId": {"cy"}}).Expect(t, 200)
	invs, _, _ = e.Svc.ModelInvitationsPage(e.As("cy"), explorer.Page{})
	cy.post("/models/invitations/"+itoa(invs[0].ID)+"/accept", url.Values{"_csrf": {cyCSRF}}).Expect(t, 200)
	d = cy.doc(cy.do("GET", path, nil, nil).Expect(t, 200))
	if d.Find(`#model input[name=terms]`).Length() != 0 || d.Find("form#share").Length() != 0 || d.Find(`#accesses form`).Length() != 1 {
		t.Fatalf("cy's read-only page: %d remove forms", d.Find(`#accesses form`).Length())
	}
	// Edits by cy are refused.
	r := cy.post(path+"/title", url.Values{"_csrf": {cyCSRF}, "title": {"Mine"}})
	if r.Status != http.StatusUnprocessableEntity || !containsFold(cy.doc(r).Find(".editor-error").Text(), "only read") {
		t.Fatalf("cy renames: %d %s", r.Status, r.Body)
	}
	// cy removes its own access and is sent to the list.
	remove, _ := d.Find(`#accesses form`).Attr("action")
	if r := cy.post(remove, url.Values{"_csrf": {cyCSRF}}); r.Header.Get("HX-Redirect") != "/models" {
		t.Fatalf("cy leaves: %d %v", r.Status, r.Header)
	}
	cy.do("GET", path, nil, nil).Expect(t, 404)

	// ann removes bob's access.
	d = ann.doc(ann.do("GET", path, nil, nil))
	remove, _ = d.Find(`#accesses form`).Attr("action")
	d = ann.doc(ann.post(remove, url.Values{"_csrf": {annCSRF}}).Expect(t, 200))
	if d.Find("#model .notice").Text() != "Access removed." || d.Find("#accesses").Length() != 0 {
		t.Fatalf("after removing bob: %s", d.Find("#sharing").Text())
	}
	bob.do("GET", path, nil, nil).Expect(t, 404)
	// Posting to a model one cannot see is a 404 page.
	bob.post(path+"/title", url.Values{"_csrf": {bobCSRF}, "title": {"x"}}).Expect(t, 404)
}

// modelFile is a small model file for the Service.
// chipsOf lists the term chips of a topic, joined by commas.
func chipsOf(d *goquery.Document, topic int64) string {
	var terms []string
	// A page has the topic; a term form's answer only its terms.
	d.Find("#topic-" + itoa(topic) + " li.chip:not(.saving), #terms-" + itoa(topic) + ":not(#topic-" + itoa(topic) + " *) li.chip").Each(func(_ int, s *goquery.Selection) {
		terms = append(terms, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s.Text()), "×")))
	})
	return strings.Join(terms, ",")
}

func modelFile(t *testing.T) mdl.ModelFile {
	t.Helper()
	return tableOf{&tablefile.Table{Header: []string{"Index", "Label", "Terms"}, Rows: [][]string{{"1", "A", "a, b"}, {"2", "B", "c"}}, RowNumbers: []int{2, 3}}}
}

type tableOf struct{ t *tablefile.Table }

func (f tableOf) StreamTable(_ context.Context, _ explorer.TableLimits, _ func([]string) bool, header func([]string) error, row func(int, []string) error) (string, error) {
	if err := header(f.t.Header); err != nil {
		return "", err
	}
	for i, r := range f.t.Rows {
		if err := row(f.t.RowNumbers[i], r); err != nil {
			return "", err
		}
	}
	return "", nil
}

func (f tableOf) ReadGroups(ctx context.Context, l explorer.TableLimits) ([]explorer.Group, error) {
	return tablefile.ReadModel(ctx, f, l)
}

// containsFold reports whether s contains sub in any case (the pages
// start messages with a capital).
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
