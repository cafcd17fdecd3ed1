package models_test

import (
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

func TestUploadModelService(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	good := testkit.RowsTable("Index|Label|Terms", "1|A|a, b")

	// Reading happens with the model limits; the title is trimmed.
	f := &testkit.ModelFile{Table: good}
	m, err := e.Svc.UploadModel(ctx, models.UploadModelInput{Title: new(" T "), File: f})
	if err != nil {
		t.Fatal(err)
	}
	if f.Limits != (explorer.TableBudgets{}).ModelLimits() || *m.Title != "T" || m.Version != 1 || testkit.DescribeGroups(m.Groups) != `A{A["a" "b"]}` || m.Groups[0].ID != 1 || m.Groups[0].Topics[0].ID != 1 {
		t.Fatalf("model %+v limits %+v", m, f.Limits)
	}

	tests := []struct {
		name string
		in   models.UploadModelInput
		code string
		read bool
	}{
		{"no file", models.UploadModelInput{}, explorer.EINVALID, false},
		{"bad language before reading", models.UploadModelInput{Language: "xx", File: &testkit.ModelFile{Table: good}}, explorer.EINVALID, false},
		{"title too long before reading", models.UploadModelInput{Title: new(strings.Repeat("x", 501)), File: &testkit.ModelFile{Table: good}}, explorer.EINVALID, false},
		{"unsupported file", models.UploadModelInput{File: &testkit.ModelFile{Err: explorer.Errorf(explorer.EUNSUPPORTED, "no")}}, explorer.EUNSUPPORTED, true},
		{"too large", models.UploadModelInput{File: &testkit.ModelFile{Err: explorer.Errorf(explorer.ETOOLARGE, "no")}}, explorer.ETOOLARGE, true},
		{"bad rows", models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "q|A|a")}}, explorer.EINVALID, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Svc.UploadModel(ctx, tt.in)
			if got := explorer.ErrorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
			if ff, ok := tt.in.File.(*testkit.ModelFile); ok && ff.Read != tt.read {
				t.Fatalf("file read: %v, want %v", ff.Read, tt.read)
			}
		})
	}
	list, err := e.Svc.Models(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("models after failed uploads: %+v %v", list, err)
	}
	// Signed out: nothing is read.
	f = &testkit.ModelFile{Table: good}
	if _, err := e.Svc.UploadModel(t.Context(), models.UploadModelInput{File: f}); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED || f.Read {
		t.Fatalf("signed out: %v, read %v", err, f.Read)
	}
}
