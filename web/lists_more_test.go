package web_test

import (
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"
)

// The poles, tokens and users lists delete (tokens: revoke) the checked
// items after a question naming their number, each through the service
// (its rights and audit): a user who still owns a pole stays, with its
// reason; the tokens list sorts and searches its names.
func TestListsBulkDeletePolesTokensUsers(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	for _, n := range []string{"ann", "bob", "cy"} {
		e.AddUser(n, "")
	}
	ann := e.As("ann")
	var poleIDs []string
	for _, name := range []string{"Warm", "Cold", "Dry"} {
		p, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: name, Language: "EN"})
		if err != nil {
			t.Fatal(err)
		}
		poleIDs = append(poleIDs, itoa64(p.ID))
	}
	var tokenIDs []string
	for _, name := range []string{"ci", "backup", "sync"} {
		nt, err := e.Svc.CreateToken(ann, "ann", name)
		if err != nil {
			t.Fatal(err)
		}
		tokenIDs = append(tokenIDs, itoa64(nt.Token.ID))
	}
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	ask := url.Values{"_csrf": {csrf}, "id": poleIDs[:2]}
	d := b.doc(b.do("POST", "/poles/bulk-delete?sort=name", ask, nil).Expect(t, 200))
	if got := d.Find("#bulk-confirm h2").Text(); got != "Delete 2 poles?" || !strings.Contains(d.Find("#bulk-confirm").Text(), "Cold") {
		t.Fatalf("question %q", got)
	}
	if action, _ := d.Find("#bulk-confirm").Attr("action"); action != "/poles/bulk-delete?sort=name" {
		t.Fatalf("the question's form forgets the list's place: %q", action)
	}
	ask.Set("confirm", "yes")
	d = b.doc(b.do("POST", "/poles/bulk-delete", ask, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#poles").Text(), "Deleted 2 poles.") || cellTexts(d, "#pole-list tbody td:nth-child(2)") != "Dry" {
		t.Fatalf("after the delete: %s", d.Find("#poles").Text())
	}

	d = b.doc(b.do("GET", "/tokens?sort=name", nil, nil).Expect(t, 200))
	if got := cellTexts(d, "#token-list tbody td:nth-child(2)"); got != "backup,ci,sync" {
		t.Fatalf("tokens by name %q", got)
	}
	if got := cellTexts(b.doc(b.do("GET", "/tokens?q=YN", nil, nil).Expect(t, 200)), "#token-list tbody td:nth-child(2)"); got != "sync" {
		t.Fatalf("tokens searched %q", got)
	}
	ask = url.Values{"_csrf": {csrf}, "id": {tokenIDs[0], tokenIDs[2]}}
	d = b.doc(b.do("POST", "/tokens/bulk-revoke", ask, nil).Expect(t, 200))
	if got := d.Find("#bulk-confirm h2").Text(); !strings.HasPrefix(got, "Revoke 2 API tokens?") {
		t.Fatalf("question %q", got)
	}
	ask.Set("confirm", "yes")
	d = b.doc(b.do("POST", "/tokens/bulk-revoke", ask, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#tokens").Text(), "Revoked 2 API tokens.") || cellTexts(d, "#token-list tbody td:nth-child(2)") != "backup" {
		t.Fatalf("after the revoke: %s", d.Find("#tokens").Text())
	}
	b.do("POST", "/users/bulk-delete", url.Values{"_csrf": {csrf}, "id": {"1"}}, nil).Expect(t, 403)

	r := newBrowser(t, e)
	csrf = r.login("root", testkit.Password)
	ids := map[string]string{}
	for _, n := range []string{"ann", "bob", "cy"} {
		u, err := e.Svc.FindUser(ann, n)
		if err != nil {
			t.Fatal(err)
		}
		ids[n] = itoa64(u.ID)
	}
	ask = url.Values{"_csrf": {csrf}, "id": {ids["ann"], ids["bob"], ids["cy"]}, "confirm": {"yes"}}
	d = r.doc(r.do("POST", "/users/bulk-delete", ask, nil).Expect(t, 422))
	text := d.Find("#users").Text()
	if !strings.Contains(text, "Deleted 2 users.") || !strings.Contains(text, "Not deleted: ann: ann still has 1 pole") || listedUsers(d) != "ann,root" {
		t.Fatalf("after the delete: %q, users %q", text, listedUsers(d))
	}
	events, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: explorer.ActionUserDelete, Page: explorer.Page{Limit: 10}})
	if err != nil || len(events) != 2 {
		t.Fatalf("audited user deletes: %d %v", len(events), err)
	}
}

// "Apply a model" is a picker searched on the server: the project page
// with ?model_q= (its plain GET form) and the htmx fragment list the
// caller's models whose title holds the text, newest first.
func TestApplyPickerSearches(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	for _, title := range []string{"Drinks", "Food", "Soft drinks"} {
		if _, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: new(title), File: modelFile(t)}); err != nil {
			t.Fatal(err)
		}
	}
	csv, _ := testkit.SurveyCSV(5)
	p := e.ImportProject("ann", "Survey", csv)
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	path := "/projects/" + itoa64(p.ID)
	options := func(path, sel string) string {
		t.Helper()
		return cellTexts(b.doc(b.do("GET", path, nil, nil).Expect(t, 200)), sel+" option")
	}
	if got := options(path, "#apply select"); got != "Soft drinks (Standard),Food (Standard),Drinks (Standard)" {
		t.Fatalf("every model, newest first: %q", got)
	}
	d := b.doc(b.do("GET", path+"?model_q=DRINK", nil, nil).Expect(t, 200))
	if got := cellTexts(d, "#apply select option"); got != "Soft drinks (Standard),Drinks (Standard)" {
		t.Fatalf("searched on the page: %q", got)
	}
	if v, _ := d.Find(`input[name=model_q]`).Attr("value"); v != "DRINK" || d.Find(`form#apply-find`).Length() != 1 {
		t.Fatal("the search field does not keep the text or has no form")
	}
	if got := options(path+"/apply-models?model_q=oo", "#apply-models select"); got != "Food (Standard)" {
		t.Fatalf("the fragment: %q", got)
	}
	d = b.doc(b.do("GET", path+"/apply-models?model_q=zzz", nil, nil).Expect(t, 200))
	if !strings.Contains(d.Find("#apply-none").Text(), "zzz") || d.Find("#apply-models button").Length() != 0 {
		t.Fatalf("no match: %q", d.Text())
	}
}
