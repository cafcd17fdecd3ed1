package api_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// withoutIDs drops the ids and dictionaries of groups, leaving what a
// model file holds.
func withoutIDs(groups []explorer.Group) []explorer.Group {
	out := make([]explorer.Group, len(groups))
	for i, g := range groups {
		topics := make([]explorer.Topic, len(g.Topics))
		for j, t := range g.Topics {
			topics[j] = explorer.Topic{Title: t.Title, Terms: t.Terms}
		}
		g.ID, g.Topics = 0, topics
		out[i] = g
	}
	return out
}

// TestExportRoundTrip: every version exported as XLSX and as CSV and
// uploaded again through POST /v1/models gives the same structure.
func TestExportRoundTrip(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "?title=Café+menu").Expect(t, 201))
	v1 := m.Groups
	// Version 2: a single topic titled unlike its group, a topic without
	// terms, non-ASCII and quote-holding text, a leading "=".
	v2 := append([]explorer.Group{}, v1...)
	v2[1] = explorer.Group{ID: v1[1].ID, Title: "Sides", Topics: []explorer.Topic{{ID: v1[1].Topics[0].ID, Title: "Fries", Terms: []string{"fries", `"crispy" chips`}}}}
	v2[2].Topics = append(append([]explorer.Topic{}, v1[2].Topics...), explorer.Topic{Title: "Empty"})
	v2 = append(v2, explorer.Group{Title: "Smörgås", Pinned: true, Topics: []explorer.Topic{{Title: "Smörgås", Terms: []string{"smörgås", "=1+1", "räksmörgås"}}}})
	put(t, e, "ann", m.ID, map[string]any{"groups": v2}, nil).Expect(t, 204)
	v2 = getModel(t, e, "ann", m.ID).Groups

	path := fmt.Sprintf("/v1/models/%d/export", m.ID)
	for _, tt := range []struct {
		query, name string
		want        []explorer.Group
	}{
		{"?format=xlsx", "Café menu-v2.xlsx", v2},
		{"?format=CSV", "Café menu-v2.csv", v2},
		{"", "Café menu-v2.xlsx", v2},
		{"?format=xlsx&version=1", "Café menu-v1.xlsx", v1},
		{"?format=csv&version=1", "Café menu-v1.csv", v1},
	} {
		r := e.Do(testkit.Request{Method: "GET", Path: path + tt.query, User: "ann"}).Expect(t, 200)
		cd := r.Header.Get("Content-Disposition")
		if !strings.Contains(cd, `filename="Caf_ menu-v`) || !strings.Contains(cd, "filename*=UTF-8''Caf%C3%A9%20menu-v") {
			t.Fatalf("%s: Content-Disposition %q", tt.query, cd)
		}
		ext := tt.name[strings.LastIndex(tt.name, ".")+1:]
		if ct := r.Header.Get("Content-Type"); (ext == "csv") != strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("%s: Content-Type %q", tt.query, ct)
		}
		back := decodeModel(t, e.Upload("ann", tt.name, r.Body, "").Expect(t, 201))
		if got, want := withoutIDs(back.Groups), withoutIDs(tt.want); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: uploaded export\n got %+v\nwant %+v", tt.query, got, want)
		}
	}
}

func TestExportErrorsAndRights(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("eve", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	path := fmt.Sprintf("/v1/models/%d/export", m.ID)
	inv, err := e.Svc.ShareModel(e.As("ann"), m.ID, "bob", "READ")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As("bob"), inv.ID); err != nil {
		t.Fatal(err)
	}
	r := e.Do(testkit.Request{Method: "GET", Path: path + "?format=csv", User: "bob"}).Expect(t, 200)
	want := "\uFEFFIndex,Label,Terms,Pinned\n1,Burger,\"burger, cheeseburger, veggie burger\",true\n"
	if !strings.HasPrefix(string(r.Body), want) || !strings.Contains(string(r.Body), "\n3,Nice,,false\n3.1,Nice,\"nice, good\",\n3.2,Sweet,sweet,\n") {
		t.Fatalf("csv %q", r.Body)
	}
	if cd := r.Header.Get("Content-Disposition"); cd != fmt.Sprintf(`attachment; filename="model-%d-v1.csv"`, m.ID) {
		t.Fatalf("Content-Disposition %q", cd)
	}
	e.Do(testkit.Request{Method: "GET", Path: path, User: "eve"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: path + "?version=2", User: "ann"}).Expect(t, 404).Problem(t)
	for _, q := range []string{"?format=pdf", "?version=0", "?version=x", "?version=-1", "?version=1.5"} {
		e.Do(testkit.Request{Method: "GET", Path: path + q, User: "ann"}).Expect(t, 400).Problem(t)
	}
	e.Do(testkit.Request{Method: "GET", Path: path}).Expect(t, 401)
}
