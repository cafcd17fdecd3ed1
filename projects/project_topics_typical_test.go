package projects_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

// A topic's examples are its most typical texts, not its first ones: the
// first three texts naming the battery use the word by chance, the
// others say what texts usually say of it; the examples are three of the
// latter, each with its term marked, whether explored or measured again.
func TestProjectTopicsTypicalExamples(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	groups := []explorer.Group{{Title: "Phone", Topics: []explorer.Topic{{Title: "Battery", Terms: []string{"battery"}}}}}
	src := e.CreateProject("ann", "Source", groups)
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"We walked through Battery Park to the ferry terminal.",
		"He was charged with assault and battery in court.",
		"The old gun battery on the hill overlooks the harbour.",
		"The battery life is short and the charger is slow.",
		"Battery drains fast, a full charge lasts two hours.",
		"Poor battery life, the charge is gone by noon.",
		"The charger is slow and battery life is poor.",
		"Battery life: the charge lasts barely two hours.",
		"Great screen.",
	}
	p := e.ImportProject("ann", "Phones", csvOf(t, "comment", texts))
	if err := e.Svc.ApplyModel(ctx, p.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.ExploreProject(ctx, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		ev, err := e.Svc.ProjectTopics(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		tp := ev.Groups[0].Topics[0]
		if tp.Texts != 8 || len(tp.Examples) != projects.TopicExamples {
			t.Fatalf("%s: %d texts, %d examples", when, tp.Texts, len(tp.Examples))
		}
		for _, ex := range tp.Examples {
			if ex.Row <= 3 || len(ex.Spans) != 1 || ex.Text != texts[ex.Row-1] {
				t.Fatalf("%s: example %+v is not a typical one", when, ex)
			}
			if w := ex.Text[ex.Spans[0].Start:ex.Spans[0].End]; w != "battery" && w != "Battery" {
				t.Fatalf("%s: marked %q", when, w)
			}
		}
	}
	check("explored")
	// A measurement in the background (a word correction makes it stale)
	// chooses them again.
	if _, err := e.Svc.SetWordPolarity(ctx, "en", "slow", -1); err != nil {
		t.Fatal(err)
	}
	e.Svc.WaitMeasured()
	check("measured again")
}
