package api_test

import (
	"net/http"
	"strings"
	"testing"

	"explorer/internal/attack"
	"explorer/internal/testkit"
)

// TestLoneSurrogateRefused: a JSON escape of half a surrogate pair is 400
// naming the field, and nothing is stored (the decoder alone would have
// stored U+FFFD); a whole pair is a character like any other.
func TestLoneSurrogateRefused(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for _, body := range []string{`{"name":"a\udc00b","language":"EN"}`, `{"name":"ok","language":"EN","parts":[{"term":"\ud800"}]}`} {
		pr := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: body, ContentType: "application/json"}).
			Expect(t, http.StatusBadRequest).Problem(t)
		if len(pr.Errors) != 1 || !strings.Contains(pr.Errors[0].Message, "surrogate") {
			t.Errorf("%s: %+v", body, pr)
		}
	}
	var list struct{ Size int }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if list.Size != 0 {
		t.Fatalf("%d poles stored", list.Size)
	}
	var p struct{ Name string }
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: `{"name":"smile \ud83d\ude00","language":"EN"}`, ContentType: "application/json"}).
		Expect(t, http.StatusCreated).JSON(t, &p)
	if p.Name != "smile 😀" {
		t.Fatalf("name %q", p.Name)
	}
}

// TestSharedStringBudgetUpload: the workbook of 5,000 shared strings of
// 32,000 characters is refused as a model file by its shared strings,
// through the upload's text budget.
func TestSharedStringBudgetUpload(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	pr := e.Upload("ann", "sst.xlsx", attack.SharedStrings(5_000, 32_000), "").Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
	if !strings.Contains(pr.Detail, "shared strings hold more than 16 MiB of text") {
		t.Fatalf("%+v", pr)
	}
}
