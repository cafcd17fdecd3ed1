package api_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// shareWrite gives user READ_WRITE on the model id of owner.
func shareWrite(t *testing.T, e *testkit.Env, owner, user string, id int64) {
	t.Helper()
	inv, err := e.Svc.ShareModel(e.As(owner), id, user, "READ_WRITE")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As(user), inv.ID); err != nil {
		t.Fatal(err)
	}
}

func TestModelVersionsNameTheirAuthor(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	shareWrite(t, e, "ann", "bob", m.ID)
	m.Groups[3].Topics[0].Terms = append(m.Groups[3].Topics[0].Terms, "shake")
	put(t, e, "bob", m.ID, map[string]any{"groups": m.Groups}, nil).Expect(t, 204)
	v := versions(t, e, "ann", m.ID)
	if len(v) != 2 || v[0].CreatedBy == nil || v[0].CreatedBy.UserID != "ann" || v[1].CreatedBy == nil || v[1].CreatedBy.UserID != "bob" {
		t.Fatalf("versions %+v", v)
	}
	body := string(e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/versions", m.ID), User: "ann"}).Expect(t, 200).Body)
	if want := `"createdBy":{"userId":"bob"}`; !strings.Contains(body, want) {
		t.Fatalf("answer %s lacks %s", body, want)
	}
}

func TestModelETagAndIfMatch(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	r := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200)
	if tag := r.Header.Get("ETag"); !strings.HasPrefix(tag, `"1-`) {
		t.Fatalf("ETag %q", tag)
	}
	withTerm := func(term string) []explorer.Group {
		g := getModel(t, e, "ann", m.ID).Groups
		g[3].Topics[0].Terms = append(g[3].Topics[0].Terms, term)
		return g
	}
	// A matching If-Match updates and answers the new tag.
	r = put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("shake")}, map[string]string{"If-Match": `"1"`}).Expect(t, 204)
	if tag := r.Header.Get("ETag"); !strings.HasPrefix(tag, `"2-`) {
		t.Fatalf("ETag after PUT %q", tag)
	}
	// Stale, weak, malformed: 412 naming the current version; nothing changes.
	for _, tag := range []string{`"1"`, `W/"2"`, `2`, `"02"`, `"x", "1"`, `"`} {
		p := put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("milk"), "title": "Changed"}, map[string]string{"If-Match": tag}).Expect(t, 412).Problem(t)
		if !strings.Contains(p.Detail, "current version is 2") || p.Title != "Precondition Failed" {
			t.Fatalf("If-Match %s: %+v", tag, p)
		}
	}
	if v := versions(t, e, "ann", m.ID); len(v) != 2 {
		t.Fatalf("a stale PUT made a version: %+v", v)
	}
	if cur := getModel(t, e, "ann", m.ID); cur.Title != nil {
		t.Fatalf("a stale PUT changed the title to %q", *cur.Title)
	}
	// A list holding the current tag, "*", and no If-Match at all update.
	put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("milk")}, map[string]string{"If-Match": `"1", W/"3", "2"`}).Expect(t, 204)
	put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("tea")}, map[string]string{"If-Match": `*`}).Expect(t, 204)
	r = put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("juice")}, map[string]string{"Prefer": "return=representation"}).Expect(t, 200)
	if tag := r.Header.Get("ETag"); !strings.HasPrefix(tag, `"5-`) {
		t.Fatalf("ETag %q", tag)
	}
	// Hostile headers: hundreds of tags (within the header buffer), one huge tag, an unclosed quote,
	// obs-text and trailing junk. Each is read in one pass and matches nothing.
	for _, tag := range []string{
		strings.Repeat(`"1", W/"5", `, 250) + `"4"`,
		`"` + strings.Repeat("9", 3000) + `"`,
		`"5` + strings.Repeat(",", 3000),
		"\"5\u00e9\"", `"5"junk`,
	} {
		put(t, e, "ann", m.ID, map[string]any{"title": "Hostile"}, map[string]string{"If-Match": tag}).Expect(t, 412).Problem(t)
	}
	// Others still get 404 before any precondition.
	put(t, e, "eve", m.ID, map[string]any{"title": "x"}, map[string]string{"If-Match": `"1"`}).Expect(t, 404).Problem(t)

	// The page editor's session: its first change is version 6, its next
	// one amends it to "6.1"; a client that read "6" is refused.
	add := models.ModelEdit{Kind: models.EditAddTerms, Topic: m.Groups[3].Topics[0].ID, Terms: []string{"cola"}}
	for range 2 {
		if _, err := e.Svc.EditModel(e.As("ann"), m.ID, models.VersionTag{}, add); err != nil {
			t.Fatal(err)
		}
		add.Terms = []string{"fanta"}
	}
	if tag := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Header.Get("ETag"); !strings.HasPrefix(tag, `"6.1-`) {
		t.Fatalf("ETag after an amendment %q", tag)
	}
	p := put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("pepsi")}, map[string]string{"If-Match": `"6"`}).Expect(t, 412).Problem(t)
	if !strings.Contains(p.Detail, "current version is 6.1") {
		t.Fatalf("If-Match 6 after the amendment: %+v", p)
	}
	r = put(t, e, "ann", m.ID, map[string]any{"groups": withTerm("pepsi")}, map[string]string{"If-Match": `"6.1"`}).Expect(t, 204)
	if tag := r.Header.Get("ETag"); !strings.HasPrefix(tag, `"7-`) {
		t.Fatalf("ETag after PUT on 6.1 %q", tag)
	}
}

func TestRestoreModelVersion(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("eve", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	v1 := m.Groups
	// Version 2 removes the Fries group, adds a term to Soda and a topic
	// (id 6) to Nice.
	v2 := []explorer.Group{v1[0], v1[2], v1[3]}
	v2[1].Topics = append(append([]explorer.Topic{}, v1[2].Topics...), explorer.Topic{Title: "Tasty", Terms: []string{"tasty"}})
	v2[2].Topics = []explorer.Topic{{ID: v1[3].Topics[0].ID, Title: "Soda", Terms: []string{"soda", "drinks", "shake"}}}
	put(t, e, "ann", m.ID, map[string]any{"groups": v2, "ignoreTerms": []string{"the"}}, nil).Expect(t, 204)

	inv, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", "READ")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As("bob"), inv.ID); err != nil {
		t.Fatal(err)
	}
	e.Do(testkit.Request{Method: "POST", Path: path + "/versions/1/restore", User: "bob"}).Expect(t, 403).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: path + "/versions/1/restore", User: "eve"}).Expect(t, 404).Problem(t)
	for _, v := range []string{"3", "99999999999"} {
		e.Do(testkit.Request{Method: "POST", Path: path + "/versions/" + v + "/restore", User: "ann"}).Expect(t, 404).Problem(t)
	}
	e.Do(testkit.Request{Method: "POST", Path: path + "/versions/0/restore", User: "ann"}).Expect(t, 400).Problem(t)

	e.Clock.Advance(60_000_000_000)
	r := e.Do(testkit.Request{Method: "POST", Path: path + "/versions/1/restore", User: "ann", ContentType: "application/json"}).Expect(t, 201)
	got := decodeModel(t, r)
	if !strings.HasPrefix(r.Header.Get("ETag"), `"3-`) || !reflect.DeepEqual(got.Groups, v1) || len(got.IgnoreTerms) != 0 {
		t.Fatalf("restored %s %+v %+v", r.Header.Get("ETag"), got.Groups, got.IgnoreTerms)
	}
	old := decodeModel(t, e.Do(testkit.Request{Method: "GET", Path: path + "/versions/1", User: "ann"}).Expect(t, 200))
	if !reflect.DeepEqual(getModel(t, e, "ann", m.ID).Groups, old.Groups) {
		t.Fatal("version 3 differs from version 1")
	}
	vs := versions(t, e, "ann", m.ID)
	if len(vs) != 3 || vs[2].CreatedBy.UserID != "ann" || vs[2].Created != e.Clock.Now().UnixMilli() {
		t.Fatalf("versions %+v", vs)
	}
	// Restoring what is current makes no version.
	e.Do(testkit.Request{Method: "POST", Path: path + "/versions/1/restore", User: "ann"}).Expect(t, 200)
	if vs := versions(t, e, "ann", m.ID); len(vs) != 3 {
		t.Fatalf("versions %+v", vs)
	}
	// A new topic after the restore gets an id never handed out before.
	g := getModel(t, e, "ann", m.ID).Groups
	g[0].Topics = append(g[0].Topics, explorer.Topic{Title: "Double", Terms: []string{"double"}})
	after := decodeModel(t, put(t, e, "ann", m.ID, map[string]any{"groups": g}, map[string]string{"Prefer": "return=representation"}).Expect(t, 200))
	if id := after.Groups[0].Topics[1].ID; id != 7 {
		t.Fatalf("new topic id %d, want 7", id)
	}
}
