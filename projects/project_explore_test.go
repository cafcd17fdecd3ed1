package projects_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

func TestExploreOptionsBounds(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	content, _ := testkit.SurveyCSV(200)
	p := e.ImportProject("ann", "Survey", content)
	for _, opt := range []projects.ExploreOptions{{Topics: -1}, {Topics: projects.MaxExploreTopics + 1}, {Groups: -2}, {Groups: projects.MaxExploreGroups + 1}} {
		if _, err := e.Svc.ExploreProjectWith(ctx, p.ID, "", opt); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("%+v: %v", opt, err)
		}
	}
	got, err := e.Svc.ExploreProjectWith(ctx, p.ID, "comment", projects.ExploreOptions{Topics: 6, Groups: 2})
	if err != nil {
		t.Fatal(err)
	}
	topics := 0
	for _, g := range got.Structure.Groups {
		topics += len(g.Topics)
	}
	// About 2 groups: a topic left alone joins the nearest group with room.
	if n := len(got.Structure.Groups); n < 1 || n > 2 || topics != 6 {
		t.Fatalf("%d topics in %d groups: %+v", topics, len(got.Structure.Groups), got.Structure.Groups)
	}
}
