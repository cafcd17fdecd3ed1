package api_test

import (
	"fmt"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/testkit"
	"explorer/models"
)

// POST /v1/projects/{id}/discover answers the topics a project's model
// lacks; numbers out of bounds are 400 naming them, a project without a
// model 400, another user's project 404.
func TestDiscoverTopicsAPI(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	ctx := e.As("ann")
	src := e.CreateProject("ann", "Rooms", []explorer.Group{{Title: "Stay", Topics: []explorer.Topic{{Title: "Room", Terms: []string{"room"}}}}})
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("id,review\n")
	for i, s := range []string{"The room was clean.", "A small room.", "Room with a view.",
		"The breakfast was excellent.", "Breakfast was cold.", "Great breakfast buffet.", "Breakfast ended early.",
		"The wifi was slow.", "Wifi kept dropping.", "Free wifi, weak signal.", "Fast wifi in the lobby.",
		"Friendly staff at the desk.", "Rude staff.", "Helpful staff gave us a map.", "The staff spoke English."} {
		fmt.Fprintf(&b, "%d,%q\n", i+1, s)
	}
	p := e.ImportProject("ann", "Hotels", []byte(b.String()))
	path := fmt.Sprintf("/v1/projects/%d", p.ID)
	e.Do(testkit.Request{Method: "POST", Path: path + "/discover", User: "ann"}).Expect(t, 400).Problem(t)
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	var d struct {
		ProjectID int64  `json:"projectId"`
		ModelID   int64  `json:"modelId"`
		Column    string `json:"column"`
		Topics    []struct {
			Title string   `json:"title"`
			Terms []string `json:"terms"`
			Group string   `json:"group"`
		} `json:"topics"`
	}
	e.Do(testkit.Request{Method: "POST", Path: path + "/discover?topics=10", User: "ann"}).Expect(t, 200).JSON(t, &d)
	if d.ProjectID != p.ID || d.ModelID != m.ID || d.Column != "review" || len(d.Topics) == 0 {
		t.Fatalf("discovery %+v", d)
	}
	for _, tp := range d.Topics {
		if analysis.FoldTerm(tp.Title) == "room" || len(tp.Terms) == 0 || tp.Group == "" {
			t.Fatalf("topic %+v", tp)
		}
	}
	for _, q := range []string{"topics=61", "groups=31", "topics=-1"} {
		pr := e.Do(testkit.Request{Method: "POST", Path: path + "/discover?" + q, User: "ann"}).Expect(t, 400).Problem(t)
		if name := strings.SplitN(q, "=", 2)[0]; !strings.Contains(fmt.Sprint(pr), name) {
			t.Fatalf("%s: %+v", q, pr)
		}
	}
	e.Do(testkit.Request{Method: "POST", Path: path + "/discover", User: "eve"}).Expect(t, 404).Problem(t)
}
