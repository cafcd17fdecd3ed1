package explorer_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

// TestTitlesAreOneLine (item 9): a model or project title with CR, LF or
// another control character is refused (it would break a mail's subject,
// a CSV cell or a log line), and nothing is stored.
func TestTitlesAreOneLine(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	var m struct{ ID int64 }
	e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,Warm,sun\n"), "").Expect(t, http.StatusCreated).JSON(t, &m)
	ctx := e.As("ann")
	for _, title := range []string{"a\r\nBcc: x@evil.example", "a\nb", "a\rb", "a\tb", "a\u2028b", "a\u0085b"} {
		p := e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/" + strconv.FormatInt(m.ID, 10), User: "ann", Body: map[string]any{"title": title}}).Expect(t, http.StatusBadRequest).Problem(t)
		if !strings.Contains(p.Detail, "one line") {
			t.Errorf("%q: %q", title, p.Detail)
		}
		_, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: title, File: testkit.CSVFile([]byte("text\nhello\n")), FileName: "a.csv"})
		if explorer.ErrorCode(err) != explorer.EINVALID {
			t.Errorf("project title %q: %v", title, err)
		}
	}
	if list, err := e.Svc.Projects(ctx); err != nil || len(list) != 0 {
		t.Fatalf("projects after refused titles: %d %v", len(list), err)
	}
	// Surrounding white space, line breaks included, is trimmed as before.
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/models/" + strconv.FormatInt(m.ID, 10), User: "ann", Body: map[string]any{"title": "\n Warm words \r\n"}}).Expect(t, http.StatusNoContent)
}
