package store_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// A project's learnt word space is kept in the database for every
// instance: listed by account and language, read by version (one more
// at each build; an older version is ENOTFOUND), and gone with the
// project (the charge to the owner: TestProjectSpaceCountsAgainstStorage).
func TestProjectSpacesStored(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	ann := &explorer.User{Username: "ann-spaces", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	p := &explorer.Project{OwnerID: ann.ID, Title: "Hotel", Created: now, Status: explorer.ProjectReady, Encoding: "UTF-8", Language: "EN",
		Headers: []explorer.ProjectHeader{{Header: "text"}}}
	if err := db.CreateProject(ctx, p); err != nil {
		t.Fatal(err)
	}
	if has, err := db.AnyProjectSpaces(ctx, "EN"); err != nil || has {
		t.Fatalf("before: %v %v", has, err)
	}
	for i, data := range [][]byte{[]byte("first space"), bytes.Repeat([]byte{0, 1, 2}, 1000)} {
		if err := db.SaveProjectSpace(ctx, p.ID, ann.ID, "EN", data); err != nil {
			t.Fatal(err)
		}
		vs, err := db.ProjectSpaceVersions(ctx, ann.ID, "EN", 0)
		if err != nil || len(vs) != 1 || vs[0] != (explorer.ProjectSpaceVersion{Project: p.ID, Version: int64(i + 1)}) {
			t.Fatalf("build %d: %+v %v", i+1, vs, err)
		}
		got, err := db.ProjectSpaceData(ctx, p.ID, vs[0].Version)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("build %d: data %v", i+1, err)
		}
	}
	if _, err := db.ProjectSpaceData(ctx, p.ID, 1); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("an older version: %v", err)
	}
	if vs, _ := db.ProjectSpaceVersions(ctx, ann.ID, "SV", 0); len(vs) != 0 {
		t.Fatalf("SV: %+v", vs)
	}
	if vs, _ := db.ProjectSpaceVersions(ctx, ann.ID+1000, "EN", 0); len(vs) != 0 {
		t.Fatalf("another account: %+v", vs)
	}
	if has, err := db.AnyProjectSpaces(ctx, "EN"); err != nil || !has {
		t.Fatalf("after: %v %v", has, err)
	}
	if err := db.DeleteProject(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if vs, _ := db.ProjectSpaceVersions(ctx, ann.ID, "EN", 0); len(vs) != 0 {
		t.Fatalf("after the project's deletion: %+v", vs)
	}
	if err := db.SaveProjectSpace(ctx, p.ID, ann.ID, "EN", []byte("x")); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a deleted project's space: %v", err)
	}
}

// A project space file of an earlier version is stored only for a project
// that has no stored space (a stored one is newer, whatever account or
// language it is listed under), and a gone project's is ENOTFOUND.
func TestImportProjectSpaceKeepsAStoredOne(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	ann := &explorer.User{Username: "ann-import", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	var ps [2]*explorer.Project
	for i := range ps {
		ps[i] = &explorer.Project{OwnerID: ann.ID, Title: "Hotel", Created: now, Status: explorer.ProjectReady, Encoding: "UTF-8", Language: "EN",
			Headers: []explorer.ProjectHeader{{Header: "text"}}}
		if err := db.CreateProject(ctx, ps[i]); err != nil {
			t.Fatal(err)
		}
	}
	// The newer space of the first project is listed under another account.
	if err := db.SaveProjectSpace(ctx, ps[0].ID, ann.ID+1000, "EN", []byte("newer")); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if err := db.ImportProjectSpace(ctx, p.ID, ann.ID, "EN", []byte("older file")); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []string{"newer", "older file"} {
		got, err := db.ProjectSpaceData(ctx, ps[i].ID, 1)
		if err != nil || string(got) != want {
			t.Errorf("project %d: %q %v, want %q", i+1, got, err, want)
		}
	}
	if err := db.ImportProjectSpace(ctx, ps[1].ID+1000, ann.ID, "EN", []byte("gone")); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a gone project: %v", err)
	}
}
