package main

import (
	"encoding/json"
	hostile "explorer/internal/attack"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// attacks are the attacks of the hardening issue (issue 9), in its order,
// with bounded stand-ins where the original needs a long run.
func attacks() []attack {
	file := func(name string, content func() []byte) func(r *runner) (*http.Response, error) {
		return func(r *runner) (*http.Response, error) { return r.upload(name, content()) }
	}
	list := []attack{
		{"model: XLSX, 4,000 rows with a cell in XFD", file("xfd.xlsx", func() []byte { return hostile.WideColumn(4_000) })},
		{"model: XLSX, 100,000 rows with a cell in XFD", file("xfd.xlsx", func() []byte { return hostile.WideColumn(100_000) })},
		{"model: XLSX, 100,000 rows × 32,000-char shared strings", file("refs.xlsx", func() []byte { return hostile.SharedRefs(100_000, 32_000) })},
		{"project import (page): the same XLSX (GBs to store)", func(r *runner) (*http.Response, error) {
			return r.importProject("refs.xlsx", hostile.SharedRefs(100_000, 32_000))
		}},
		{"model: XLSX with 240 MB of white space", file("space.xlsx", func() []byte { return hostile.Whitespace(240 << 20) })},
		{"model: XLSX with 12 million shared strings", file("sst.xlsx", func() []byte { return hostile.ManyStrings(12_000_000) })},
		{"model: XLS with huge declared counts", file("counts.xls", hostile.HugeCountsXLS)},
		{"model: CSV with a 19 MB line", file("line.csv", func() []byte { return hostile.HugeLineCSV(19 << 20) })},
		{"PUT /v1/models/{id}: 18.7 MB, multipart/form-data without boundary", (*runner).bigModelPut},
		{"POST /v1/account/credits: JSON as text/plain", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/account/credits", "text/plain", []byte(`{"quantity":1}`), false, nil)
		}},
		{"POST /v1/account/credits: a form body", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/account/credits", "application/x-www-form-urlencoded", []byte(`quantity=1`), false, nil)
		}},
		{"POST /v1/poles: 2 MB of JSON", func(r *runner) (*http.Response, error) {
			body := `{"name":"big","language":"EN","description":"` + strings.Repeat("x", 2<<20) + `","parts":[]}`
			return r.raw("POST", "/v1/poles", "application/json", []byte(body), false, nil)
		}},
		{"sign-in with next=/%09/evil.example", (*runner).evilNext},
		{"POST /v1/models: malformed multipart, anonymous", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/models", "multipart/form-data; boundary=X", malformedMultipart, true, nil)
		}},
		{"POST /v1/models: malformed multipart, signed in", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/models", "multipart/form-data; boundary=X", malformedMultipart, false, nil)
		}},
		{"GET /v1/models: a 100 KB header", func(r *runner) (*http.Response, error) {
			return r.raw("GET", "/v1/models", "", nil, false, map[string]string{"X-Long": strings.Repeat("a", 100<<10)})
		}},
		{"DELETE /v1/models (no such method)", func(r *runner) (*http.Response, error) {
			return r.raw("DELETE", "/v1/models", "", nil, false, nil)
		}},
		{"GET /v1/poles after creating 1,000 poles", (*runner).manyPoles},
	}
	list = append(list, sheetAttacks()...)
	list = append(list, secretAttacks()...)
	list = append(list, connectionAttacks()...)
	list = append(list, storageAttacks()...)
	list = append(list, suggestAttacks()...)
	list = append(list, wireAttacks()...)
	list = append(list, rejectionAttacks()...)
	list = append(list, cliAttacks()...)
	list = append(list, projectAttacks()...)
	list = append(list, jobAttacks()...)
	list = append(list, auditAttacks()...)
	list = append(list, h20LangAttacks()...)
	list = append(list, h32Attacks()...)
	return list
}

var malformedMultipart = []byte("--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nIndex,Label,Terms\n1,A,a\n--Y")

// bigModelPut sends the model back with 1.7 million ignore terms (18.7
// MB), claiming multipart/form-data without a boundary.
func (r *runner) bigModelPut() (*http.Response, error) {
	var m map[string]any
	if err := r.user.Decode(200, "GET", fmt.Sprintf("/v1/models/%d", r.model), nil, &m); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(`[`)
	for i := 0; b.Len() < 18_700_000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"term":"t%d"}`, i)
	}
	b.WriteString(`]`)
	m["ignoreTerms"] = json.RawMessage(b.String())
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return r.raw("PUT", fmt.Sprintf("/v1/models/%d", r.model), "multipart/form-data", body, false, nil)
}

// evilNext asks the sign-in page, as a signed-in user, to go to a next
// value that browsers would follow to another origin; the answer's
// Location shows where the server sends (read without the client's URL
// parser, which refuses the control character).
func (r *runner) evilNext() (*http.Response, error) {
	req, _ := http.NewRequest("GET", r.srv.Base+"/login?next=/%09/evil.example", nil)
	u, _ := url.Parse(r.srv.Base + "/login")
	for _, ck := range r.page.HC.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	return http.DefaultTransport.RoundTrip(req)
}

// manyPoles creates 1,000 poles (a bounded stand-in for the 93,654 of the
// issue), then lists them; the creation is not measured.
func (r *runner) manyPoles() (*http.Response, error) {
	for i := 0; i < 1000; i++ {
		body := map[string]any{"name": fmt.Sprintf("pole %d", i), "language": "EN", "parts": []any{map[string]any{"term": "good", "weight": 1}}}
		code, _, err := r.user.Call("POST", "/v1/poles", body)
		if err != nil {
			return nil, err
		}
		if code != 201 {
			break // a budget of owned objects answers 409 or 429
		}
	}
	return r.raw("GET", "/v1/poles", "", nil, false, nil)
}
