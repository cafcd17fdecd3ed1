package projects_test

import (
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

// A project imported without a title takes its file's name; without
// either it is refused, naming the title.
func TestImportProjectTitleDefault(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	csv := []byte("text\nhello world\n")
	p, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: "  ", File: testkit.CSVFile(csv), FileName: "answers.csv"})
	if err != nil || p.Title != "answers.csv" {
		t.Fatalf("blank title: %+v %v", p, err)
	}
	p, err = e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: " Survey ", File: testkit.CSVFile(csv), FileName: "answers.csv"})
	if err != nil || p.Title != "Survey" {
		t.Fatalf("given title: %+v %v", p, err)
	}
	_, err = e.Svc.ImportProject(ctx, projects.ImportProjectInput{File: testkit.CSVFile(csv)})
	if explorer.ErrorCode(err) != explorer.EINVALID || len(explorer.AsError(err).Fields) != 1 || explorer.AsError(err).Fields[0].Field != "title" {
		t.Fatalf("no title, no name: %v", err)
	}
}
