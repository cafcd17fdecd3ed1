package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

func TestProjectImportAndExplore(t *testing.T) {
	dir := t.TempDir()
	newDatabase(t, dir)
	cli := func(stdin string, args ...string) (string, string, error) {
		var out, errb bytes.Buffer
		err := run(append(args, "--data", dir), strings.NewReader(stdin), &out, &errb)
		return out.String(), errb.String(), err
	}
	if _, _, err := cli("secret-password\n", "user", "add", "ann"); err != nil {
		t.Fatal(err)
	}
	content, _ := testkit.SurveyCSV(2000)
	file := filepath.Join(dir, "survey.csv")
	if err := os.WriteFile(file, content, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := cli("", "project", "import", "--owner", "ann", "--title", "Survey", file)
	if err != nil {
		t.Fatalf("import: %v %s", err, errOut)
	}
	if !strings.Contains(out, "project 1: 2000 rows, UTF-8, READY") || !strings.Contains(errOut, "100%") {
		t.Fatalf("import output %q / %q", out, errOut)
	}
	if !strings.Contains(out, "comment") || !strings.Contains(out, "EN") {
		t.Fatalf("headers %q", out)
	}
	out, _, err = cli("", "project", "explore", "1")
	// "better" is in every comment: boilerplate, not a topic.
	if err != nil || !strings.Contains(out, `EXPLORED on "comment"`) || !strings.Contains(out, "staff") || strings.Contains(out, "better") {
		t.Fatalf("explore: %v %q", err, out)
	}
	out, _, err = cli("", "project", "explore", "1", "--topics", "2", "--groups", "1")
	if err != nil || strings.Count(strings.TrimSpace(out), "\n") != 3 {
		t.Fatalf("explore 2 topics: %v %q", err, out)
	}
	if _, _, err = cli("", "project", "explore", "1", "--topics", "1000"); err == nil || !strings.Contains(err.Error(), "out of bounds") {
		t.Fatalf("explore 1000 topics: %v", err)
	}
	// A broken file fails with a clear message and keeps no rows.
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("id,comment\n1,caf\xe9\n"), 0o600)
	if _, _, err := cli("", "project", "import", "--owner", "ann", "--title", "Bad", "--encoding", "UTF-8", bad); err == nil || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Fatalf("broken encoding: %v", err)
	}
	out, _, err = cli("", "project", "list", "--owner", "ann")
	if err != nil || !strings.Contains(out, "import failed: the file is not valid UTF-8") || !strings.Contains(out, "EXPLORED") {
		t.Fatalf("list: %v %q", err, out)
	}
	if out, _, err = cli("", "project", "delete", "2"); err != nil || !strings.Contains(out, "deleted") {
		t.Fatalf("delete: %v %q", err, out)
	}
	// The table budgets hold for the command line too.
	_, _, err = cli("", "project", "import", "--owner", "ann", "--title", "Big", "--max-import-text", "64KiB", file)
	if err == nil || !strings.Contains(err.Error(), "more than 64 KiB of text: the limit of one import") {
		t.Fatalf("import past the text budget: %v", err)
	}
	if _, _, err = cli("", "project", "delete", "3"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := cli("", "project", "explore", "x"); err == nil {
		t.Fatal("bad id accepted")
	}
}
