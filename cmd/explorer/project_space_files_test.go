package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"explorer/internal/testkit"
	"explorer/store"
	"explorer/wordspace"
)

// A project space file an earlier version kept in DATA/project-spaces is
// moved into the database at start (issue 33); one of a deleted project
// is removed, not kept.
func TestProjectSpaceFilesMoveIntoTheDatabase(t *testing.T) {
	dir := t.TempDir()
	newDatabase(t, dir)
	cli := func(stdin string, args ...string) {
		var out, errb bytes.Buffer
		if err := run(append(args, "--data", dir), strings.NewReader(stdin), &out, &errb); err != nil {
			t.Fatalf("%v: %v %s", args, err, errb.String())
		}
	}
	cli("secret-password\n", "user", "add", "ann")
	content, _ := testkit.SurveyCSV(300)
	file := filepath.Join(dir, "survey.csv")
	os.WriteFile(file, content, 0o600)
	cli("", "project", "import", "--owner", "ann", "--title", "Survey", file)
	db, err := store.OpenSQLite(context.Background(), sqlitePath(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ann, err := db.FindUserByName(context.Background(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := wordspace.TrainTexts(context.Background(), "EN", func(fn func(string)) error {
		for range 50 {
			fn("the coffee was hot and the cake was sweet")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := wordspace.WriteSpace(&b, s, wordspace.WriteOptions{Int8: true}); err != nil {
		t.Fatal(err)
	}
	spaces := filepath.Join(dir, "project-spaces")
	os.MkdirAll(spaces, 0o755)
	os.WriteFile(filepath.Join(spaces, "x.wordspace"), b.Bytes(), 0o644) // not a space's name: left alone
	acc := strconv.FormatInt(ann.ID, 10)
	os.WriteFile(filepath.Join(spaces, acc+"-1.wordspace"), b.Bytes(), 0o644)
	os.WriteFile(filepath.Join(spaces, acc+"-99.wordspace"), b.Bytes(), 0o644) // project 99 is gone
	importProjectSpaceFiles(context.Background(), db, dir, slog.New(slog.DiscardHandler))
	vs, err := db.ProjectSpaceVersions(context.Background(), ann.ID, "EN", 0)
	if err != nil || len(vs) != 1 || vs[0].Project != 1 {
		t.Fatalf("stored: %+v %v", vs, err)
	}
	if data, err := db.ProjectSpaceData(context.Background(), 1, vs[0].Version); err != nil || !bytes.Equal(data, b.Bytes()) {
		t.Fatalf("data: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(spaces, "*"))
	if len(left) != 1 || filepath.Base(left[0]) != "x.wordspace" {
		t.Fatalf("left in the folder: %v", left)
	}
}

// A file of an earlier version never replaces the space a project has
// stored since, even listed under another account (its owner now
// managed) or language.
func TestProjectSpaceFileKeepsAStoredSpace(t *testing.T) {
	dir := t.TempDir()
	newDatabase(t, dir)
	var out, errb bytes.Buffer
	if err := run([]string{"user", "add", "ann", "--data", dir}, strings.NewReader("secret-password\n"), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	content, _ := testkit.SurveyCSV(30)
	file := filepath.Join(dir, "survey.csv")
	os.WriteFile(file, content, 0o600)
	if err := run([]string{"project", "import", "--owner", "ann", "--title", "Survey", file, "--data", dir}, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	db, err := store.OpenSQLite(context.Background(), sqlitePath(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ann, err := db.FindUserByName(context.Background(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := wordspace.TrainTexts(context.Background(), "EN", func(fn func(string)) error {
		for range 50 {
			fn("the coffee was hot and the cake was sweet")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := wordspace.WriteSpace(&b, s, wordspace.WriteOptions{Int8: true}); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveProjectSpace(context.Background(), 1, ann.ID+1000, "EN", []byte("newer")); err != nil {
		t.Fatal(err)
	}
	spaces := filepath.Join(dir, "project-spaces")
	os.MkdirAll(spaces, 0o755)
	os.WriteFile(filepath.Join(spaces, strconv.FormatInt(ann.ID, 10)+"-1.wordspace"), b.Bytes(), 0o644)
	importProjectSpaceFiles(context.Background(), db, dir, slog.New(slog.DiscardHandler))
	if data, err := db.ProjectSpaceData(context.Background(), 1, 1); err != nil || string(data) != "newer" {
		t.Fatalf("the stored space: %q %v", data, err)
	}
	if left, _ := filepath.Glob(filepath.Join(spaces, "*")); len(left) != 0 {
		t.Fatalf("left in the folder: %v", left)
	}
}
