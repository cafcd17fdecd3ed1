package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"explorer/internal/testkit"
)

// TestCrossSiteWrites is the attack of item 8: another site's page makes
// the browser send a body-less POST without Content-Type (fetch with
// mode no-cors) with its cached Basic credentials; the share is refused
// (403) when the browser says where it comes from, and served from this
// site, to clients that send neither header, and with a Bearer token.
func TestCrossSiteWrites(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"ann", "bob"} {
		e.AddUser(u, "")
	}
	var m struct{ ID int64 }
	e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,Warm,sun\n"), "").Expect(t, http.StatusCreated).JSON(t, &m)
	share := fmt.Sprintf("/v1/models/%d/share?userId=bob", m.ID)
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
		{"Origin": "https://evil.example"},
		{"Origin": "null"},
		{"Origin": "http://example.com.evil.example"},
		{"Origin": "http://example.com:8443"},
	} {
		p := e.Do(testkit.Request{Method: "POST", Path: share, User: "ann", Header: h}).Expect(t, http.StatusForbidden).Problem(t)
		if p.Detail == "" {
			t.Errorf("%v: no detail", h)
		}
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/models/%d", m.ID), User: "ann", Header: map[string]string{"Origin": "https://evil.example"}}).Expect(t, http.StatusForbidden)
	var invs []json.RawMessage
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/invitations", User: "bob"}).Expect(t, 200).JSON(t, &invs)
	if len(invs) != 0 {
		t.Fatalf("a cross-site share invited: %s", invs)
	}
	// Reads pass (a browser cannot read the answer of another site).
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann", Header: map[string]string{"Sec-Fetch-Site": "cross-site"}}).Expect(t, 200)
	// A Bearer token is no credential a browser adds by itself.
	tok, err := e.Svc.CreateToken(e.As("ann"), "ann", "ci")
	if err != nil {
		t.Fatal(err)
	}
	bearer := map[string]string{"Authorization": "Bearer " + tok.Secret, "Origin": "https://tool.example", "Sec-Fetch-Site": "cross-site"}
	e.Do(testkit.Request{Method: "POST", Path: share, Header: bearer}).Expect(t, http.StatusCreated)
	// This site's own origin, same-origin fetch metadata, and no header.
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: map[string]int{"quantity": 1},
		Header: map[string]string{"Origin": "http://example.com", "Sec-Fetch-Site": "same-origin"}}).Expect(t, http.StatusCreated)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: map[string]int{"quantity": 1}}).Expect(t, http.StatusCreated)
}
