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
