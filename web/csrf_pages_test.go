package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// Each page carries the CSRF token masked anew (BREACH), and every masked
// form is accepted; a token of another session is not.
func TestCSRFTokenMaskedPerAnswer(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := newBrowser(t, e), newBrowser(t, e)
	first := ann.login("ann", testkit.Password)
	bobToken := bob.login("bob", testkit.Password)
	second, _ := ann.doc(ann.do("GET", "/", nil, nil).Expect(t, 200)).Find(`form[action="/logout"] input[name=_csrf]`).Attr("value")
	if first == "" || first == second {
		t.Fatalf("the token did not change between answers: %q %q", first, second)
	}
	htmx := map[string]string{"HX-Request": "true"}
	ann.do("POST", "/account/invitations", url.Values{"_csrf": {bobToken}, "userId": {"bob"}}, htmx).Expect(t, http.StatusForbidden)
	for _, tok := range []string{first, second} {
		r := ann.do("POST", "/account/invitations", url.Values{"_csrf": {tok}, "userId": {"nobody"}}, htmx)
		if r.Status == http.StatusForbidden || strings.Contains(string(r.Body), "not sent from this site") {
			t.Fatalf("masked token %q refused: %d", tok, r.Status)
		}
	}
}
