package projects_test

import (
	"context"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

// TestRecoverProjects: each transient status left by a stopped server is
// put right once, and settled projects are left alone.
func TestRecoverProjects(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	mk := func(status, msg string) int64 {
		p, err := e.Svc.CreateProject(ctx, projects.NewProject{Title: status + msg, Status: status, StatusMessage: msg})
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	importing := mk(explorer.ProjectInitializing, "importing")
	failed := mk(explorer.ProjectInitializing, "import failed: the file is empty")
	exploring := mk(explorer.ProjectExploring, "")
	appending := mk(explorer.ProjectAppending, "")
	deleting := mk(explorer.ProjectDeleting, "")
	ready := mk(explorer.ProjectReady, "")
	n, err := e.Svc.RecoverProjects(context.Background())
	if err != nil || n != 4 {
		t.Fatalf("recovered %d: %v", n, err)
	}
	want := map[int64][2]string{
		importing: {explorer.ProjectFailed, "import failed: interrupted when the server stopped; import the file again"},
		failed:    {explorer.ProjectInitializing, "import failed: the file is empty"},
		exploring: {explorer.ProjectFailed, "explore failed: interrupted when the server stopped; explore it again"},
		appending: {explorer.ProjectReady, "append interrupted when the server stopped: no row was added; append the file again"},
		ready:     {explorer.ProjectReady, ""},
	}
	for id, w := range want {
		p, err := e.Svc.Project(ctx, id)
		if err != nil || p.Status != w[0] || p.StatusMessage != w[1] {
			t.Fatalf("project %d: %+v %v, want %v", id, p, err, w)
		}
	}
	if _, err := e.Svc.Project(ctx, deleting); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("the interrupted delete was not finished: %v", err)
	}
	// Explorable again: no longer refused for its status (this one has
	// no rows, which is the next thing checked).
	if _, err := e.Svc.ExploreProject(ctx, exploring, ""); err == nil || strings.Contains(err.Error(), "must be") {
		t.Fatalf("explore after recovery: %v", err)
	}
	if n, err := e.Svc.RecoverProjects(context.Background()); err != nil || n != 0 {
		t.Fatalf("a second recovery changed %d: %v", n, err)
	}
}
