package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

func errTimeout(p string) error { return errors.New("waited two minutes for " + p) }

// stringField reads a string field of a JSON object ("" when missing).
func stringField(body []byte, field string) string {
	var v map[string]any
	_ = json.Unmarshal(body, &v)
	s, _ := v[field].(string)
	return s
}

// failures: the problem+json answers: 401, 403, 404, 400, 405, 413, 415.
func failures(r *runner) {
	r.get(anonymous, "401 no credentials", "/v1/models", nil)
	r.get(basic("alice", "wrong-password"), "401 wrong password", "/v1/account", nil)
	r.get(alice, "403 admin audit as a user", "/v1/admin/audit", nil)
	r.get(alice, "404 no such model", "/v1/models/999999", nil)
	r.get(alice, "404 no such route", "/v1/nothing-here", nil)
	r.get(alice, "400 model id not a number", "/v1/models/abc", nil)
	r.send(alice, "400 broken JSON", request{method: "POST", path: "/v1/poles", body: []byte(`{"name":`), ctype: "application/json"})
	r.json(alice, "400 invalid pole", "POST", "/v1/poles", map[string]any{"name": "", "language": "EN"})
	r.json(alice, "400 credits out of range", "POST", "/v1/account/credits", map[string]any{"quantity": 0})
	r.send(alice, "415 pole as text", request{method: "POST", path: "/v1/poles", body: []byte("name=x"), ctype: "text/plain"})
	big := bytes.Repeat([]byte("1.1,label,\"word, word\"\n"), 4000)
	r.upload(alice, "413 upload too large", "/v1/models?title=Big", "big.csv", append([]byte("Index,Label,Terms\n"), big...))
	r.json(alice, "405 method", "PATCH", "/v1/models", nil)
	r.get(carol, "404 project of another", "/v1/projects/1", nil)
	r.json(carol, "400 model from no project", "POST", "/v1/models/create", map[string]any{"title": strings.Repeat("x", 10)})
}

// conditional: GETs with If-None-Match: the 304 answers.
func conditional(r *runner) {
	for _, p := range []string{"/v1/models", "/v1/models/1", "/v1/poles", "/v1/poles/1", "/v1/projects/1", "/v1/models/1/versions"} {
		first := r.get(alice, "etag of "+p, p, nil)
		etag := ""
		for _, h := range first.Header {
			if v, ok := strings.CutPrefix(h, "Etag: "); ok {
				etag = v
			}
		}
		r.get(alice, "304 of "+p, p, map[string]string{"If-None-Match": etag})
	}
	r.get(alice, "200 of a stale etag", "/v1/models/1", map[string]string{"If-None-Match": `"stale"`})
}

// pages: the HTML pages of a signed-in user and of the admin.
func pages(r *runner) {
	a := &actor{user: alice.user, password: alice.password}
	r.signIn(a, "alice")
	for _, p := range []string{"/", "/models", "/models/1", "/models/1/versions", "/models/1/versions/1", "/models/1/export",
		"/poles", "/poles/1", "/poles/1/suggestions", "/projects", "/projects/1", "/projects/1/topics", "/projects/1/texts",
		"/account/credits", "/account/settings", "/account/usage", "/tokens", "/password", "/models/999999", "/users"} {
		r.get(a, "alice page "+p, p, nil)
	}
	ad := &actor{user: admin.user, password: admin.password}
	r.signIn(ad, "admin again")
	for _, p := range []string{"/users", "/users/alice", "/audit", "/backup"} {
		r.get(ad, "admin page "+p, p, nil)
	}
	r.get(anonymous, "page without a session", "/models", nil)
}

// audit: the admin's audit listing, whole and filtered.
func audit(r *runner) {
	r.get(admin, "audit", "/v1/admin/audit?limit=500", nil)
	r.get(admin, "audit of alice", "/v1/admin/audit?user=alice&limit=50", nil)
	r.get(admin, "audit of failures", "/v1/admin/audit?outcome=failure&limit=50", nil)
	r.get(admin, "400 audit bad limit", "/v1/admin/audit?limit=-1", nil)
}
