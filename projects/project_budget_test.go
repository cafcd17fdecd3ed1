package projects_test

import (
	"bytes"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/attack"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/projects"
)

func xlsxFile(b []byte) tablefile.File {
	return tablefile.File{Name: "attack.xlsx", Body: bytes.NewReader(b), Size: int64(len(b))}
}

// A small workbook whose rows refer to one long shared string would store
// gigabytes (100,000 rows × 2 × 32,000 characters): the per-import text
// budget stops it, naming the limit, and nothing is kept.
func TestImportTextBudget(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Tables.MaxImportText = 8 << 20 })
	e.AddUser("ann", "")
	ctx := e.As("ann")
	b := attack.SharedRefs(100_000, 32_000)
	if len(b) > 300<<10 {
		t.Fatalf("%d bytes", len(b))
	}
	_, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: "refs", File: xlsxFile(b)})
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "8 MiB of text: the limit of one import") {
		t.Fatalf("got %v", err)
	}
	list, _ := e.Svc.Projects(ctx)
	if len(list) != 1 || list[0].Status != explorer.ProjectFailed {
		t.Fatalf("projects %+v", list)
	}
	if n, _ := e.DB.CountProjectRows(ctx, list[0].ID); n != 0 {
		t.Fatalf("%d rows kept", n)
	}
	// The same workbook as a model file: the model text budget.
	_, err = e.Svc.UploadModel(ctx, models.UploadModelInput{File: xlsxFile(b)})
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "limit of a model file") {
		t.Fatalf("model: got %v", err)
	}
}

// The projects of an account (its own and its managed users') share one
// text budget; deleting a project frees its share.
func TestAccountTextBudget(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Tables.MaxAccountText = 1 << 20 })
	e.AddUser("boss", "")
	e.AddUser("ann", "")
	e.SetManager("boss", "ann")
	csv, _ := testkit.SurveyCSV(6000)
	if len(csv) < 400<<10 || len(csv) > 700<<10 {
		t.Fatalf("survey of %d bytes", len(csv))
	}
	first := e.ImportProject("ann", "first", csv)
	_, err := e.Svc.ImportProject(e.As("boss"), projects.ImportProjectInput{Title: "second", File: testkit.CSVFile(csv)})
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "the 1 MiB the account may store") {
		t.Fatalf("second import: %v", err)
	}
	// Appending counts too.
	_, err = e.Svc.AppendProjectRows(e.As("ann"), first.ID, testkit.CSVFile(csv))
	if explorer.ErrorCode(err) != explorer.ETOOLARGE {
		t.Fatalf("append: %v", err)
	}
	if err := e.Svc.DeleteProject(e.As("ann"), first.ID); err != nil {
		t.Fatal(err)
	}
	e.ImportProject("boss", "third", csv)
	// Without an account budget, no limit but the import's.
	e2 := testkit.New(t, func(o *explorer.Options) { o.Tables.MaxAccountText = -1 })
	e2.AddUser("ann", "")
	for i := 0; i < 3; i++ {
		e2.ImportProject("ann", "p", csv)
	}
}
