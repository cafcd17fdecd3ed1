package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// wordspace build --project trains the space of an explored project into
// the data directory; an unexplored project is refused with a message.
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
	files, _ := filepath.Glob(filepath.Join(dir, "project-spaces", "*-1.wordspace"))
	if len(files) != 1 {
		t.Fatalf("space files %v", files)
	}
	for _, bad := range [][]string{{"--project", "0"}, {"--project", "1", "--lang", "EN"}, {"--project", "9"}} {
		if _, err := cli("", append([]string{"wordspace", "build"}, bad...)...); err == nil {
			t.Errorf("build %v accepted", bad)
		}
	}
	if _, err := cli("", "project", "delete", "1"); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "project-spaces", "*-1.wordspace")); len(files) != 0 {
		t.Errorf("space kept after the project's deletion: %v", files)
	}
}
