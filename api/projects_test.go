package api_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestProjectAcceptanceFlow: import, explore, POST /v1/models/create with
// dynamic: true, PUT → outdated, explore again → cleared, DELETE the model
// → the project is detached; the import shows in the usage.
func TestProjectAcceptanceFlow(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, _ := testkit.SurveyCSV(10_000)
	p := e.ImportProject("ann", "Survey", content)

	var u map[string]int64
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/usage", User: "ann"}).Expect(t, 200).JSON(t, &u)
	if u["todaysProjectsTrialing"] != 1 || u["todaysVerbatimsTrialing"] != 10_000 || u["monthsProjectsTrialing"] != 1 || u["monthsVerbatimsTrialing"] != 10_000 {
		t.Fatalf("usage %v", u)
	}

	p, err := e.Svc.ExploreProject(ctx, p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ID       int64            `json:"id"`
		Type     string           `json:"type"`
		Outdated bool             `json:"outdated"`
		Language string           `json:"language"`
		Groups   []explorer.Group `json:"groups"`
	}
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann",
		Body: map[string]any{"dynamic": true}}).Expect(t, 201).JSON(t, &m)
	if m.Type != "DYNAMIC" || m.Outdated || m.Language != "EN" || len(m.Groups) != len(p.Structure.Groups) {
		t.Fatalf("model %+v", m)
	}
	for i, g := range m.Groups {
		if g.Title != p.Structure.Groups[i].Title || fmt.Sprint(g.Topics[0].Terms) != fmt.Sprint(p.Structure.Groups[i].Topics[0].Terms) {
			t.Fatalf("group %d: %+v vs %+v", i, g, p.Structure.Groups[i])
		}
	}
	var projects struct {
		MasterProject *struct {
			ID     int64  `json:"id"`
			Rows   int    `json:"rows"`
			Status string `json:"status"`
		} `json:"masterProject"`
		DependentProjects []any `json:"dependentProjects"`
	}
	path := fmt.Sprintf("/v1/models/%d", m.ID)
	e.Do(testkit.Request{Method: "GET", Path: path + "/projects", User: "ann"}).Expect(t, 200).JSON(t, &projects)
	if projects.MasterProject == nil || projects.MasterProject.ID != p.ID || projects.MasterProject.Rows != 10_000 || projects.MasterProject.Status != "EXPLORED" {
		t.Fatalf("projects %+v", projects)
	}
	// The wire names of a project (api.projectInfo), exactly.
	var raw struct {
		MasterProject map[string]any `json:"masterProject"`
	}
	e.Do(testkit.Request{Method: "GET", Path: path + "/projects", User: "ann"}).Expect(t, 200).JSON(t, &raw)
	var keys []string
	for k := range raw.MasterProject {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := strings.Join(keys, ","); got != "created,createdBy,encoding,headers,id,model,rows,status,statusMessage,title" {
		t.Fatalf("project keys %s", got)
	}

	// A PUT changing a topic makes the model outdated.
	groups := m.Groups
	groups[0].Topics[0].Terms = append(groups[0].Topics[0].Terms, "courier")
	e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: map[string]any{"groups": groups}}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &m)
	if !m.Outdated {
		t.Fatal("not outdated after a PUT")
	}
	// Exploring the project again clears it.
	if _, err := e.Svc.ExploreProject(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).JSON(t, &m)
	if m.Outdated {
		t.Fatal("still outdated after exploring")
	}
	// Deleting the model detaches the project.
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "ann"}).Expect(t, 204)
	if p, err = e.Svc.Project(ctx, p.ID); err != nil || p.ModelID != nil {
		t.Fatalf("after deleting the model %+v %v", p, err)
	}
}
