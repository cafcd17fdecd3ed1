package projects_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// Applying a model to an EXPLORED project counts its topics at once, on
// the column explored; a READY project has no counts until explored.
func TestApplyModelCountsAtOnce(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	csv, _ := testkit.SurveyCSV(120)
	src := e.ImportProject("ann", "Source", csv)
	src, err := e.Svc.ExploreProject(ctx, src.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{Title: strPtr("From source")})
	if err != nil || m.Title == nil || *m.Title != "From source" || len(m.Groups) != len(src.Structure.Groups) {
		t.Fatalf("model %+v %v", m, err)
	}
	p := e.ImportProject("ann", "Target", csv)
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	// Change the model so that the target's own topics differ from it.
	groups := m.Groups[:2]
	if m, err = e.Svc.UpdateModel(ctx, m.ID, models.ModelInput{Groups: &groups}); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	p, _ = e.Svc.Project(ctx, p.ID)
	if p.Status != explorer.ProjectExplored || p.TextColumn != "comment" || len(p.Structure.Groups) != 2 {
		t.Fatalf("after applying %+v", p)
	}
	for i, g := range p.Structure.Groups {
		for j, tp := range g.Topics {
			want := src.TopicCounts[src.Structure.Groups[i].Topics[j].ID]
			if got, ok := p.TopicCounts[tp.ID]; !ok || got != want || want == 0 {
				t.Fatalf("topic %q counted %d (%v), want %d", tp.Title, got, ok, want)
			}
		}
	}
	// A READY project: applied, not counted.
	r := e.ImportProject("ann", "Ready", csv)
	if err := e.Svc.ApplyModel(ctx, r.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if r, _ = e.Svc.Project(ctx, r.ID); r.Status != explorer.ProjectReady || len(r.TopicCounts) != 0 {
		t.Fatalf("ready project %+v", r)
	}
}
