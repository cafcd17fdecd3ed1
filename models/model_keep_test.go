package models_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

func topicIDs(groups []explorer.Group) []int64 {
	var out []int64
	for _, g := range groups {
		for _, t := range g.Topics {
			out = append(out, t.ID)
		}
	}
	return out
}

// A model created from some of a project's topics holds only those (groups
// left empty dropped); a STANDARD one leaves the project as it is, a
// DYNAMIC one gives the project the same topics with their counts.
func TestCreateModelFromSomeTopics(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, _ := testkit.SurveyCSV(300)
	p := e.ImportProject("ann", "Survey", content)
	p, err := e.Svc.ExploreProject(ctx, p.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	all := topicIDs(p.Structure.Groups)
	if len(all) < 3 {
		t.Fatalf("topics %v", all)
	}
	keep := []int64{all[2], all[0]}
	for _, bad := range [][]int64{{}, {all[0], 987654}} {
		if _, err := e.Svc.CreateModelFromTopics(ctx, p.ID, models.ModelUpdate{}, bad); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("keep %v: %v", bad, err)
		}
	}
	m, err := e.Svc.CreateModelFromTopics(ctx, p.ID, models.ModelUpdate{}, keep)
	if err != nil {
		t.Fatal(err)
	}
	if got := topicIDs(m.Groups); len(got) != 2 || got[0] != all[0] || got[1] != all[2] {
		t.Fatalf("standard model topics %v, kept %v", got, keep)
	}
	if q, _ := e.Svc.Project(ctx, p.ID); len(topicIDs(q.Structure.Groups)) != len(all) || q.ModelID != nil {
		t.Fatalf("the project changed: %v", topicIDs(q.Structure.Groups))
	}
	m, err = e.Svc.CreateModelFromTopics(ctx, p.ID, models.ModelUpdate{Dynamic: true}, keep)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := e.Svc.Project(ctx, p.ID)
	if got := topicIDs(q.Structure.Groups); len(got) != 2 || q.ModelID == nil || *q.ModelID != m.ID || len(q.TopicCounts) != 2 {
		t.Fatalf("dynamic: project topics %v counts %v", got, q.TopicCounts)
	}
	for _, id := range keep {
		if q.TopicCounts[id] != p.TopicCounts[id] {
			t.Fatalf("count of %d: %d, was %d", id, q.TopicCounts[id], p.TopicCounts[id])
		}
	}
}
