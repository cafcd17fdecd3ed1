package store_test

import (
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestProjectsListWithModelInfo: a list of projects carries each one's
// headers and the info of its model when the project's owner may see the
// model (owns it or holds an access), nil otherwise.
func TestProjectsListWithModelInfo(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	s := manyTopics(3, "a")
	model, ann := createTestModel(t, db, &s)
	now := time.UnixMilli(1767000000000).UTC()
	bob := &explorer.User{Username: "bob-projects", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	create := func(owner int64, title string) int64 {
		p := &explorer.Project{OwnerID: owner, Title: title, Created: now, Status: explorer.ProjectReady, Encoding: "UTF-8", Language: "EN",
			Headers: []explorer.ProjectHeader{{Header: title + " text"}, {Header: title + " date"}}}
		if err := db.CreateProject(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := db.SetProjectModel(ctx, p.ID, &model, nil); err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	create(ann, "own")
	create(bob.ID, "other")
	create(bob.ID, "other2")
	check := func(owner int64, wantModel bool) {
		t.Helper()
		list, err := db.FindUserProjects(ctx, owner, explorer.Page{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			if len(p.Headers) != 2 || p.Headers[0].Header != p.Title+" text" || p.Headers[1].Header != p.Title+" date" {
				t.Fatalf("project %q headers %+v", p.Title, p.Headers)
			}
			if p.ModelID == nil || *p.ModelID != model || (p.Model != nil) != wantModel {
				t.Fatalf("project %q: model %v, info %+v, want info: %v", p.Title, p.ModelID, p.Model, wantModel)
			}
			if wantModel && (p.Model.ID != model || p.Model.CreatedBy.UserID == "" || p.Model.Type != models.ModelStandard) {
				t.Fatalf("project %q: model info %+v", p.Title, p.Model)
			}
		}
		if len(list) == 0 {
			t.Fatal("no projects")
		}
	}
	check(ann, true)
	check(bob.ID, false) // bob may not see ann's model
	if err := db.CreateModelAccess(ctx, &models.ModelAccess{ModelID: model, UserID: bob.ID, Rights: explorer.RightsRead, Created: time.UnixMilli(1)}); err != nil {
		t.Fatal(err)
	}
	check(bob.ID, true)
}

// TestProjectDeleteWaitsForAWriteOfItsParts: a write of a project's parts
// that locks the project first (a measurement: its row, then its counts)
// and a delete of the project take turns, where each taking the other's
// rows in its own order deadlocked on PostgreSQL (the delete took the
// counts, then waited for the project's row the measurement held).
func TestProjectDeleteWaitsForAWriteOfItsParts(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "del-projects", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	p := &explorer.Project{OwnerID: u.ID, Title: "p", Created: now, Status: explorer.ProjectExplored, Encoding: "UTF-8", Language: "EN",
		Headers: []explorer.ProjectHeader{{Header: "text"}}}
	if err := db.CreateProject(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := db.SetProjectTopicCounts(ctx, p.ID, map[int64]int{1: 3, 2: 4}); err != nil {
		t.Fatal(err)
	}
	locked, deleted := make(chan struct{}), make(chan error, 1)
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.LockProject(ctx, p.ID); err != nil {
			return err
		}
		close(locked)
		go func() { deleted <- db.DeleteProject(context.Background(), p.ID) }()
		time.Sleep(200 * time.Millisecond) // the delete starts meanwhile
		return db.SetProjectTopicCounts(ctx, p.ID, map[int64]int{1: 5})
	})
	<-locked
	if err != nil {
		t.Fatalf("the measurement: %v", err)
	}
	if err := <-deleted; err != nil {
		t.Fatalf("the delete: %v", err)
	}
	if _, err := db.FindProject(ctx, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("after the delete: %v", err)
	}
}
