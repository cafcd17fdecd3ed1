package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/tablefile"
	"explorer/internal/testkit"
	"explorer/projects"
)

// TestTextHygiene: NUL and invalid UTF-8 in any text field are 400 naming
// the field, and nothing is stored.
func TestTextHygiene(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	model := e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,a,b\n"), "").Expect(t, http.StatusCreated)
	var m struct{ ID int64 }
	model.JSON(t, &m)
	pole := createPole(t, e, "ann", map[string]any{"name": "p", "language": "EN", "parts": []any{}})
	json := "application/json"
	cases := []struct {
		method, path, body, field string
	}{
		{"POST", "/v1/poles", `{"name": "a\u0000b", "language": "EN"}`, "name"},
		{"POST", "/v1/poles", "{\"name\": \"a\xffb\", \"language\": \"EN\"}", "name"},
		{"POST", "/v1/poles", `{"name": "n", "description": "x\u0000", "language": "EN"}`, "description"},
		{"POST", "/v1/poles", `{"name": "n", "language": "E\u0000N"}`, "language"},
		{"POST", "/v1/poles", `{"name": "n", "language": "EN", "parts": [{"term": "ok"}, {"term": "t\u0000"}]}`, "parts[1].term"},
		{"POST", "/v1/poles", "{\"name\": \"n\", \"language\": \"EN\", \"parts\": [{\"term\": \"ok\"}, {\"weight\": 2, \"term\": \"\xc3\x28\"}]}", "parts[1].term"},
		{"PUT", fmt.Sprintf("/v1/poles/%d", pole.ID), `{"name": "\u0000", "language": "EN"}`, "name"},
		{"PUT", fmt.Sprintf("/v1/models/%d", m.ID), `{"title": "t\u0000"}`, "title"},
		{"PUT", fmt.Sprintf("/v1/models/%d", m.ID), `{"groups": [{"title": "g", "topics": [{"title": "t", "terms": ["a", "b\u0000"]}]}]}`, "groups[0].topics[0].terms[1]"},
		{"PUT", fmt.Sprintf("/v1/models/%d", m.ID), "{\"groups\": [{\"title\": \"g\", \"topics\": [{\"title\": \"t\xfe\", \"terms\": [\"a\"]}]}]}", "groups[0].topics[0].title"},
		{"PUT", fmt.Sprintf("/v1/models/%d", m.ID), `{"ignoreTerms": ["\u0000"]}`, "ignoreTerms[0]"},
		{"PUT", "/v1/account/settings", `[{"key": "defaultLanguage", "value": "S\u0000V"}]`, "[0].value"},
		{"POST", "/v1/models?title=a%00b", "", "title"},
		{"POST", "/v1/account/invitations?userId=bob%00", "", "userId"},
		{"POST", "/v1/account/invitations?userId=b%FFb", "", "userId"},
		{"POST", fmt.Sprintf("/v1/models/%d/share?userId=bob%%00&rights=READ", m.ID), "", "userId"},
	}
	for _, c := range cases {
		r := testkit.Request{Method: c.method, Path: c.path, User: "ann", Body: c.body, ContentType: json}
		if strings.HasPrefix(c.path, "/v1/models?") {
			r.Body, r.ContentType = testkit.Multipart(t, "m.csv", []byte("Index,Label,Terms\n1,a,b\n"), nil)
		}
		pr := e.Do(r).Expect(t, http.StatusBadRequest).Problem(t)
		if len(pr.Errors) == 0 || pr.Errors[0].Field != c.field || !strings.Contains(pr.Errors[0].Message, "NUL") && !strings.Contains(pr.Errors[0].Message, "UTF-8") {
			t.Errorf("%s %s %q: %+v", c.method, c.path, c.body, pr)
		}
	}
	// A model file whose cells hold NUL: a CSV is not text then (415); the
	// rows of any other reader are checked, naming the row.
	e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,a\x00,b\n"), "").Expect(t, http.StatusUnsupportedMediaType).Problem(t)
	_, err := tablefile.GroupsFromTable(&tablefile.Table{Header: []string{"Index", "Label", "Terms"}, Rows: [][]string{{"1", "a\x00", "b"}}})
	if err == nil || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("model rows: %v", err)
	}
	// Nothing of the above was stored.
	var list struct{ Size int }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200).JSON(t, &list)
	var got struct{ Title *string }
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d", m.ID), User: "ann"}).Expect(t, 200).JSON(t, &got)
	if list.Size != 1 || got.Title != nil && strings.ContainsRune(*got.Title, 0) {
		t.Fatalf("stored: %d poles, model title %v", list.Size, got.Title)
	}
	// The service's other entry points: tokens, projects, users.
	ctx := e.As("ann")
	for _, err := range []error{
		func() error { _, err := e.Svc.CreateToken(ctx, "ann", "tok\x00"); return err }(),
		func() error { _, err := e.Svc.CreateProject(ctx, projects.NewProject{Title: "p\xff"}); return err }(),
		func() error { _, err := e.Svc.ExploreProject(ctx, 1, "c\x00"); return err }(),
		func() error {
			_, err := e.Svc.AddUser(ctx, identity.NewUser{Username: "x\x00y", Password: testkit.Password})
			return err
		}(),
	} {
		var ee *explorer.Error
		if explorer.ErrorCode(err) != explorer.EINVALID || !asError(err, &ee) || len(ee.Fields) != 1 {
			t.Errorf("service entry point: %v", err)
		}
	}
}

func asError(err error, target **explorer.Error) bool {
	e, ok := err.(*explorer.Error)
	*target = e
	return ok
}
