package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// decisionsDir holds one file per decision in force, its index README.md
// and history.md (docs/decisions/README.md).
var decisionsDir = filepath.Join("..", "..", "docs", "decisions")

// decisionName is the name of a decision's file: four digits, a dash and a
// short name of lower-case words.
var decisionName = regexp.MustCompile(`^[0-9]{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$`)

// decisionHeadings are the parts every decision has, in this order.
var decisionHeadings = []string{"Status", "Date", "Context", "Decision"}

// markdownLink finds the targets of relative links: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)\s]*)?\)`)

// Every decision's file has its title and the headings of decisionHeadings,
// a date of the form 2006-01-02, and a line in the index; every relative
// link of the index and the history reaches a file, so the set cannot rot
// without a failing test.
func TestDecisionRecords(t *testing.T) {
	entries, err := os.ReadDir(decisionsDir)
	if err != nil {
		t.Fatal(err)
	}
	index := readDoc(t, "README.md")
	numbers := map[string]string{}
	for _, e := range entries {
		name := e.Name()
		if name == "README.md" || name == "history.md" {
			continue
		}
		if !decisionName.MatchString(name) {
			t.Errorf("%s: a decision's file is named NNNN-short-name.md", name)
			continue
		}
		if other, ok := numbers[name[:4]]; ok {
			t.Errorf("%s and %s share a number", other, name)
		}
		numbers[name[:4]] = name
		for _, problem := range decisionProblems(readDoc(t, name)) {
			t.Errorf("%s: %s", name, problem)
		}
		if !strings.Contains(index, "]("+name+")") {
			t.Errorf("%s is not listed in README.md", name)
		}
	}
	if len(numbers) == 0 {
		t.Fatal("no decision in docs/decisions")
	}
	for _, doc := range []string{"README.md", "history.md"} {
		checkLinks(t, doc, readDoc(t, doc))
	}
}

// decisionProblems returns what a decision's text lacks: its title, a
// heading of decisionHeadings (in that order), a date of the form
// 2006-01-02.
func decisionProblems(text string) []string {
	var problems []string
	if !strings.HasPrefix(text, "# ") {
		problems = append(problems, "the first line is the title (# ...)")
	}
	at := 0
	for _, h := range decisionHeadings {
		i := strings.Index(text[at:], "\n## "+h+"\n")
		if i < 0 {
			problems = append(problems, "no heading \"## "+h+"\" after the previous ones")
			continue
		}
		at += i + 1
	}
	if !decisionDate.MatchString(text) {
		problems = append(problems, "the Date section is one date, 2006-01-02")
	}
	return problems
}

// decisionDate is a Date section of one date.
var decisionDate = regexp.MustCompile(`\n## Date\n\n[0-9]{4}-[0-9]{2}-[0-9]{2}\n`)

// The check of a decision's parts catches a missing heading, headings out
// of order and a date that is not one.
func TestDecisionProblems(t *testing.T) {
	good := "# A rule\n\n## Status\n\naccepted\n\n## Date\n\n2026-11-22\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n"
	if p := decisionProblems(good); len(p) != 0 {
		t.Fatalf("a complete decision has problems: %v", p)
	}
	bad := map[string]string{
		"no title":        strings.TrimPrefix(good, "# A rule\n"),
		"no context":      strings.Replace(good, "## Context", "## Background", 1),
		"out of order":    strings.Replace(strings.Replace(good, "## Status", "## X", 1), "## Decision\n\nWhat.", "## Decision\n\nWhat.\n\n## Status", 1),
		"date not a date": strings.Replace(good, "2026-11-22", "late November", 1),
	}
	for name, text := range bad {
		if len(decisionProblems(text)) == 0 {
			t.Errorf("%s: no problem found", name)
		}
	}
}

// checkLinks reports each relative link of doc whose target is no file.
func checkLinks(t *testing.T, doc, text string) {
	t.Helper()
	for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
		target := m[1]
		if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		if _, err := os.Stat(filepath.Join(decisionsDir, filepath.FromSlash(target))); err != nil {
			t.Errorf("%s links to %s, which does not exist", doc, target)
		}
	}
}

func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(decisionsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}
