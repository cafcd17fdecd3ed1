package server_test

import (
	"net/http"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// TestPathIDsArePlainDecimals: the JSON interface answers 400 naming the
// parameter, the pages 404, for an id that is not a plain positive
// decimal integer, even when it would read as the id of a real pole.
func TestPathIDsArePlainDecimals(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: map[string]any{"name": "p", "language": "EN", "terms": []map[string]any{{"term": "a", "weight": 1}}}}).Expect(t, 201)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles/1", User: "ann"}).Expect(t, 200)
	cookie := signIn(t, e, "ann")
	e.Do(testkit.Request{Method: "GET", Path: "/poles/1", Header: map[string]string{"Cookie": cookie}}).Expect(t, 200)
	for _, id := range []string{"+1", "01", "1e3", "-1", "%201", "0", "1.0", "0x1", "%2B1", "99999999999999999999"} {
		p := e.Do(testkit.Request{Method: "GET", Path: "/v1/poles/" + id, User: "ann"}).Expect(t, http.StatusBadRequest).Problem(t)
		if len(p.Errors) != 1 || p.Errors[0].Field != "id" || !strings.Contains(p.Detail, "positive decimal integer") {
			t.Errorf("/v1/poles/%s: %+v", id, p)
		}
		e.Do(testkit.Request{Method: "GET", Path: "/poles/" + id, Header: map[string]string{"Cookie": cookie}}).Expect(t, http.StatusNotFound)
	}
}
