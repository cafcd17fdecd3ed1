package testkit

import (
	"bytes"
	"explorer/projects"
	"mime/multipart"
	"testing"

	explorer "explorer"

	"github.com/xuri/excelize/v2"
)

// Multipart builds a multipart/form-data body holding content in the part
// "file" under filename, and the text parts of fields. It returns the
// body and its Content-Type.
func Multipart(t testing.TB, filename string, content []byte, fields map[string]string) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile("file", filename)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(content)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), w.FormDataContentType()
}

// Upload sends POST /v1/models as user with a file; query is appended to
// the path ("" or "?title=…").
func (e *Env) Upload(user, filename string, content []byte, query string) *Response {
	e.T.Helper()
	body, ct := Multipart(e.T, filename, content, nil)
	return e.Do(Request{Method: "POST", Path: "/v1/models" + query, User: user, Body: body, ContentType: ct})
}

// XLSX builds a workbook with one sheet per entry of sheets, each a list
// of rows of cells (strings, numbers or booleans).
func XLSX(t testing.TB, sheets map[string][][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	first := true
	for name, rows := range sheets {
		if first {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				t.Fatal(err)
			}
			first = false
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		sw, err := f.NewStreamWriter(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range rows {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := sw.SetRow(cell, row); err != nil {
				t.Fatal(err)
			}
		}
		if err := sw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ExampleGroups are the groups of the example model of the original
// documentation (api/testdata/models/example.*), without ids.
func ExampleGroups() []explorer.Group {
	return []explorer.Group{
		{Title: "Burger", Pinned: true, Topics: []explorer.Topic{{Title: "Burger", Terms: []string{"burger", "cheeseburger", "veggie burger"}}}},
		{Title: "Fries", Topics: []explorer.Topic{{Title: "Fries", Terms: []string{"fries", "chips", "the chips"}}}},
		{Title: "Nice", Topics: []explorer.Topic{{Title: "Nice", Terms: []string{"nice", "good"}}, {Title: "Sweet", Terms: []string{"sweet"}}}},
		{Title: "Soda", Topics: []explorer.Topic{{Title: "Soda", Terms: []string{"soda", "drinks"}}}},
	}
}

// CreateProject creates a project owned by user through the Service, with
// the given groups.
func (e *Env) CreateProject(user, title string, groups []explorer.Group, ignore ...string) *explorer.Project {
	e.T.Helper()
	p, err := e.Svc.CreateProject(e.As(user), projects.NewProject{
		Title: title, Rows: 3, Encoding: "UTF-8", Language: "EN", Groups: groups, IgnoreTerms: ignore,
		Headers: []explorer.ProjectHeader{{Header: "Comment", Filterable: false, SuggestedLanguage: "EN", ColumnDataSize: 120}},
	})
	if err != nil {
		e.T.Fatalf("create project: %v", err)
	}
	return p
}
