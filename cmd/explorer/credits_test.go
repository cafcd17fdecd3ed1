package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// project import prints what it costs before it starts; --dry-run stores
// nothing; with --credits enforce an import the account cannot pay is
// refused, naming cost and balance.
func TestProjectImportCost(t *testing.T) {
	dir := t.TempDir()
	newDatabase(t, dir)
	cli := func(args ...string) (string, string, error) {
		var out, errb bytes.Buffer
		err := run(append(args, "--data", dir), strings.NewReader("secret-password\n"), &out, &errb)
		return out.String(), errb.String(), err
	}
	if _, _, err := cli("user", "add", "ann"); err != nil {
		t.Fatal(err)
	}
	content, _ := testkit.SurveyCSV(2000)
	file := filepath.Join(dir, "survey.csv")
	if err := os.WriteFile(file, content, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err := cli("project", "import", "--owner", "ann", "--dry-run", "--credits", "enforce", file)
	if err != nil || strings.TrimSpace(out) != "this import uses 2,000 credits; the account has 500 credits" {
		t.Fatalf("dry run: %v %q", err, out)
	}
	out, _, err = cli("project", "list", "--owner", "ann")
	if err != nil || strings.Contains(out, "survey") {
		t.Fatalf("a dry run stored a project: %v %q", err, out)
	}
	_, _, err = cli("project", "import", "--owner", "ann", "--credits", "enforce", file)
	if err == nil || !strings.Contains(err.Error(), "2,000 credits") || !strings.Contains(err.Error(), "500 credits") {
		t.Fatalf("import over the balance: %v", err)
	}
	if _, _, err := cli("project", "import", "--owner", "ann", "--credits", "spend", file); err == nil || !strings.Contains(err.Error(), "enforce or track") {
		t.Fatalf("bad --credits: %v", err)
	}
	out, _, err = cli("project", "import", "--owner", "ann", "--credits", "track", file)
	if err != nil || !strings.Contains(out, "this import uses 2,000 credits") || !strings.Contains(out, "2000 rows") {
		t.Fatalf("tracked import: %v %q", err, out)
	}
}
