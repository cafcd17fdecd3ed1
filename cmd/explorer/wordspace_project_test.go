package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer/internal/testkit"
	"explorer/store"
)

// wordspace build --project trains the space of an explored project into
// the database; an unexplored project is refused with a message.
func TestWordspaceBuildProject(t *testing.T) {
	dir := t.TempDir()
	newDatabase(t, dir)
	cli := func(stdin string, args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(append(args, "--data", dir), strings.NewReader(stdin), &out, &errb)
		return out.String(), err
	}
	if _, err := cli("secret-password\n", "user", "add", "ann"); err != nil {
		t.Fatal(err)
	}
	content, _ := testkit.SurveyCSV(2000)
	file := filepath.Join(dir, "survey.csv")
	os.WriteFile(file, content, 0o600)
	if _, err := cli("", "project", "import", "--owner", "ann", "--title", "Survey", file); err != nil {
		t.Fatal(err)
	}
	if _, err := cli("", "wordspace", "build", "--project", "1"); err == nil || !strings.Contains(err.Error(), "explore a text column first") {
		t.Fatalf("unexplored: %v", err)
	}
	if _, err := cli("", "project", "explore", "1"); err != nil {
		t.Fatal(err)
	}
	out, err := cli("", "wordspace", "build", "--project", "1")
	if err != nil || !strings.Contains(out, "project 1: EN word space of") || !strings.Contains(out, " texts in ") {
		t.Fatalf("build: %v %q", err, out)
	}
	if spaces := storedSpaces(t, dir); spaces != 1 {
		t.Fatalf("%d spaces stored", spaces)
	}
	for _, bad := range [][]string{{"--project", "0"}, {"--project", "1", "--lang", "EN"}, {"--project", "9"}} {
		if _, err := cli("", append([]string{"wordspace", "build"}, bad...)...); err == nil {
			t.Errorf("build %v accepted", bad)
		}
	}
	if _, err := cli("", "project", "delete", "1"); err != nil {
		t.Fatal(err)
	}
	if spaces := storedSpaces(t, dir); spaces != 0 {
		t.Errorf("%d spaces kept after the project's deletion", spaces)
	}
}

// storedSpaces counts the project spaces of EN stored in the database of
// data (the space of ann's project 1, account 1 or 2).
func storedSpaces(t *testing.T, data string) int {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), sqlitePath(data))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := 0
	for account := int64(1); account <= 2; account++ {
		v, err := db.ProjectSpaceVersions(context.Background(), account, "EN", 0)
		if err != nil {
			t.Fatal(err)
		}
		n += len(v)
	}
	return n
}
