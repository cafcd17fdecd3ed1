package store_test

import (
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestModelVersionsRecordTheirAuthor: version 1 is the owner's, a later
// version names the user who made it, and a deleted author leaves the
// version without one.
func TestModelVersionsRecordTheirAuthor(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	users := map[string]*explorer.User{}
	for _, name := range []string{"ann", "bob"} {
		u := &explorer.User{Username: name, PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateUser(ctx, u) }); err != nil {
			t.Fatal(err)
		}
		users[name] = u
	}
	m := &models.ModelRecord{Type: models.ModelStandard, Language: "EN", OwnerID: users["ann"].ID, Created: now, Version: 1,
		NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
	st := &explorer.Structure{Groups: []explorer.Group{}, IgnoreTerms: []explorer.IgnoreTerm{}}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateModel(ctx, m, st); err != nil {
			return err
		}
		return db.CreateModelVersion(ctx, m.ID, 2, now.Add(time.Minute), users["bob"].ID, st)
	})
	if err != nil {
		t.Fatal(err)
	}
	list, err := db.FindModelVersions(ctx, m.ID)
	if err != nil || len(list) != 2 {
		t.Fatalf("versions %+v %v", list, err)
	}
	if list[0].CreatedBy == nil || list[0].CreatedBy.UserID != "ann" || list[1].CreatedBy == nil || list[1].CreatedBy.UserID != "bob" {
		t.Fatalf("authors %+v %+v", list[0].CreatedBy, list[1].CreatedBy)
	}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.DeleteUser(ctx, users["bob"].ID) }); err != nil {
		t.Fatal(err)
	}
	list, err = db.FindModelVersions(ctx, m.ID)
	if err != nil || len(list) != 2 || list[1].CreatedBy != nil || list[1].Created.UnixMilli() != now.Add(time.Minute).UnixMilli() {
		t.Fatalf("after deleting the author: %+v %v", list, err)
	}
}
