package explorer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
)

// fakeFile is a model file (and a table source) answering a fixed table
// or error, recording the limits it was read with; its table is read by
// internal/tablefile as an upload is.
type fakeFile struct {
	table  *tablefile.Table
	err    error
	limits explorer.TableLimits
	read   bool
}

func (f *fakeFile) StreamTable(_ context.Context, l explorer.TableLimits, accept func([]string) bool, header func([]string) error, row func(int, []string) error) (string, error) {
	f.read, f.limits = true, l
	if f.err != nil {
		return "", f.err
	}
	if !accept(f.table.Header) && tablefile.HasModelColumns(f.table.Header) {
		return "", fmt.Errorf("accept refuses a good header")
	}
	return replayTable(f.table, header, row)
}

func (f *fakeFile) ReadGroups(ctx context.Context, l explorer.TableLimits) ([]explorer.Group, error) {
	return tablefile.ReadModel(ctx, f, l)
}

// replayTable hands a table to StreamTable's callbacks.
func replayTable(t *tablefile.Table, header func([]string) error, row func(int, []string) error) (string, error) {
	if err := header(t.Header); err != nil {
		return "", err
	}
	for i, r := range t.Rows {
		num := i + 2
		if i < len(t.RowNumbers) {
			num = t.RowNumbers[i]
		}
		if err := row(num, r); err != nil {
			return "", err
		}
	}
	return t.Encoding, nil
}

func TestUploadModelService(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	good := testkit.RowsTable("Index|Label|Terms", "1|A|a, b")

	// Reading happens with the model limits; the title is trimmed.
	f := &fakeFile{table: good}
	m, err := e.Svc.UploadModel(ctx, explorer.UploadModelInput{Title: new(" T "), File: f})
	if err != nil {
		t.Fatal(err)
	}
	if f.limits != (explorer.TableBudgets{}).ModelLimits() || *m.Title != "T" || m.Version != 1 || testkit.DescribeGroups(m.Groups) != `A{A["a" "b"]}` || m.Groups[0].ID != 1 || m.Groups[0].Topics[0].ID != 1 {
		t.Fatalf("model %+v limits %+v", m, f.limits)
	}

	tests := []struct {
		name string
		in   explorer.UploadModelInput
		code string
		read bool
	}{
		{"no file", explorer.UploadModelInput{}, explorer.EINVALID, false},
		{"bad language before reading", explorer.UploadModelInput{Language: "xx", File: &fakeFile{table: good}}, explorer.EINVALID, false},
		{"title too long before reading", explorer.UploadModelInput{Title: new(strings.Repeat("x", 501)), File: &fakeFile{table: good}}, explorer.EINVALID, false},
		{"unsupported file", explorer.UploadModelInput{File: &fakeFile{err: explorer.Errorf(explorer.EUNSUPPORTED, "no")}}, explorer.EUNSUPPORTED, true},
		{"too large", explorer.UploadModelInput{File: &fakeFile{err: explorer.Errorf(explorer.ETOOLARGE, "no")}}, explorer.ETOOLARGE, true},
		{"bad rows", explorer.UploadModelInput{File: &fakeFile{table: testkit.RowsTable("Index|Label|Terms", "q|A|a")}}, explorer.EINVALID, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Svc.UploadModel(ctx, tt.in)
			if got := explorer.ErrorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
			if ff, ok := tt.in.File.(*fakeFile); ok && ff.read != tt.read {
				t.Fatalf("file read: %v, want %v", ff.read, tt.read)
			}
		})
	}
	list, err := e.Svc.Models(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("models after failed uploads: %+v %v", list, err)
	}
	// Signed out: nothing is read.
	f = &fakeFile{table: good}
	if _, err := e.Svc.UploadModel(t.Context(), explorer.UploadModelInput{File: f}); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED || f.read {
		t.Fatalf("signed out: %v, read %v", err, f.read)
	}
}
