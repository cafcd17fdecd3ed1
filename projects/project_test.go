package projects_test

import (
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

func TestCreateProjectValidates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	for _, tt := range []struct {
		name string
		in   projects.NewProject
	}{
		{"no title", projects.NewProject{Title: " "}},
		{"long title", projects.NewProject{Title: strings.Repeat("x", projects.ProjectTitleMax+1)}},
		{"bad language", projects.NewProject{Title: "P", Language: "xx"}},
		{"bad status", projects.NewProject{Title: "P", Status: "DONE"}},
		{"bad group", projects.NewProject{Title: "P", Groups: []explorer.Group{{Title: ""}}}},
	} {
		if _, err := e.Svc.CreateProject(ctx, tt.in); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	p, err := e.Svc.CreateProject(ctx, projects.NewProject{Title: " P ", Language: "sv", Groups: testkit.ExampleGroups(), IgnoreTerms: []string{"och", "Och", " i "}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "P" || p.Language != "SV" || p.Status != explorer.ProjectReady || len(p.Structure.Groups) != 4 || p.Structure.Groups[3].ID != 4 ||
		len(p.Structure.IgnoreTerms) != 2 || p.Structure.IgnoreTerms[1].ID != 2 || p.Owner != "ann" {
		t.Fatalf("project %+v", p)
	}
}

func TestModelFromProjectRules(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := e.As("ann"), e.As("bob")
	p := e.CreateProject("ann", "Survey", testkit.ExampleGroups(), "the")

	// The model keeps the project's ids and continues after them.
	m, err := e.Svc.CreateModelFromProject(ann, p.ID, models.ModelUpdate{Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != models.ModelDynamic || *m.Title != "Survey" || m.Language != "EN" || len(m.Groups) != 4 || m.Groups[2].Topics[1].ID != p.Structure.Groups[2].Topics[1].ID {
		t.Fatalf("model %+v", m)
	}
	groups := append(m.Groups, explorer.Group{Title: "New", Topics: []explorer.Topic{{Title: "T"}}})
	m, err = e.Svc.UpdateModel(ann, m.ID, models.ModelInput{Groups: &groups})
	if err != nil || m.Groups[4].ID != 5 || m.Groups[4].Topics[0].ID != 6 || !m.Outdated {
		t.Fatalf("after adding a group %+v %v", m, err)
	}

	// Another user's project is not found; so is applying a model one
	// cannot see, or to a project one does not own.
	if _, err := e.Svc.CreateModelFromProject(bob, p.ID, models.ModelUpdate{}); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("bob's create: %v", err)
	}
	bp := e.CreateProject("bob", "Bob's", nil)
	if err := e.Svc.ApplyModel(bob, bp.ID, m.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("bob applies ann's model: %v", err)
	}
	if err := e.Svc.ApplyModel(ann, bp.ID, m.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("ann applies to bob's project: %v", err)
	}
	if err := e.Svc.RecordExploration(ann, bp.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("ann explores bob's project: %v", err)
	}
	// A project without a model cannot be explored with one.
	if err := e.Svc.RecordExploration(bob, bp.ID); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("exploring without a model: %v", err)
	}
	// Once shared, bob applies the model to his project: a dependent
	// project, shown to ann with bob as its creator.
	inv, err := e.Svc.ShareModel(ann, m.ID, "bob", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(bob, inv.ID); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.ApplyModel(bob, bp.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	mp, err := e.Svc.ModelProjects(ann, m.ID)
	if err != nil || mp.MasterProject == nil || mp.MasterProject.ID != p.ID || len(mp.DependentProjects) != 1 || mp.DependentProjects[0].Owner != "bob" {
		t.Fatalf("projects %+v %v", mp, err)
	}
	// Exploring the master alone leaves the model outdated.
	if err := e.Svc.RecordExploration(ann, p.ID); err != nil {
		t.Fatal(err)
	}
	if m, _ = e.Svc.Model(ann, m.ID); !m.Outdated {
		t.Fatal("current while bob's project was not explored")
	}
	if err := e.Svc.RecordExploration(bob, bp.ID); err != nil {
		t.Fatal(err)
	}
	if m, _ = e.Svc.Model(ann, m.ID); m.Outdated {
		t.Fatal("outdated after all projects were explored")
	}

	// The master project applying another model stays the master.
	other, err := e.Svc.CreateModelFromProject(ann, p.ID, models.ModelUpdate{Title: new("Std")})
	if err != nil || other.Type != models.ModelStandard {
		t.Fatalf("standard %+v %v", other, err)
	}
	if err := e.Svc.ApplyModel(ann, p.ID, other.ID); err != nil {
		t.Fatal(err)
	}
	mp, err = e.Svc.ModelProjects(ann, m.ID)
	if err != nil || mp.MasterProject == nil || mp.MasterProject.Model == nil || mp.MasterProject.Model.ID != other.ID {
		t.Fatalf("master applying another model %+v %v", mp, err)
	}
}
