package main

import (
	"bytes"
	hostile "explorer/internal/attack"
	"mime/multipart"
	"net/http"
)

// projectAttacks are the attacks on the projects of the JSON interface
// (issue 21): the page import's worst file, and broken bodies.
func projectAttacks() []attack {
	return []attack{
		{"POST /v1/projects: XLSX, 100,000 rows × 32,000-char shared strings", func(r *runner) (*http.Response, error) {
			return r.importProjectAPI("refs.xlsx", hostile.SharedRefs(100_000, 32_000))
		}},
		{"POST /v1/projects: CSV with a 19 MB line", func(r *runner) (*http.Response, error) {
			return r.importProjectAPI("line.csv", hostile.HugeLineCSV(19<<20))
		}},
		{"POST /v1/projects: malformed multipart, anonymous", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/projects", "multipart/form-data; boundary=X", malformedMultipart, true, nil)
		}},
		{"POST /v1/projects: JSON instead of a table", func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/projects", "application/json", []byte(`{"title":"x"}`), false, nil)
		}},
	}
}

// importProjectAPI posts a file to POST /v1/projects as the user.
func (r *runner) importProjectAPI(name string, content []byte) (*http.Response, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", r.srv.Base+"/v1/projects?title=attack", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.SetBasicAuth(r.user.User, r.user.Password)
	return r.user.HC.Do(req)
}
