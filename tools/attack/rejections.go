package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// rejectionAttacks send hostile declined terms (issue 19): many terms at
// once, a term the length of a body, and a path term of bad UTF-8 with a
// NUL. Each must be refused quickly, storing nothing.
func rejectionAttacks() []attack {
	return []attack{
		{"POST /v1/poles/{id}/rejections: 100,000 terms in one body", func(r *runner) (*http.Response, error) {
			terms := make([]string, 100_000)
			for i := range terms {
				terms[i] = fmt.Sprintf("t%d", i)
			}
			return r.reject(terms)
		}},
		{"POST /v1/poles/{id}/rejections: one 900 KB term", func(r *runner) (*http.Response, error) {
			return r.reject([]string{strings.Repeat("x", 900<<10)})
		}},
		{"DELETE /v1/poles/{id}/rejections/%C3%28%00 (bad UTF-8, NUL)", func(r *runner) (*http.Response, error) {
			id, err := r.pole()
			if err != nil {
				return nil, err
			}
			return r.raw("DELETE", "/v1/poles/"+id+"/rejections/%C3%28%00", "", nil, false, nil)
		}},
	}
}

// pole creates a pole of the attacking user and answers its id.
func (r *runner) pole() (string, error) {
	code, body, err := r.user.Call("POST", "/v1/poles", map[string]any{"name": "declined", "language": "EN"})
	if err != nil {
		return "", err
	}
	var p struct {
		ID int64 `json:"id"`
	}
	if code != 201 || json.Unmarshal(body, &p) != nil {
		return "", fmt.Errorf("creating a pole: status %d", code)
	}
	return url.PathEscape(fmt.Sprint(p.ID)), nil
}

// reject declines terms for a new pole.
func (r *runner) reject(terms []string) (*http.Response, error) {
	id, err := r.pole()
	if err != nil {
		return nil, err
	}
	body, _ := json.Marshal(map[string]any{"terms": terms})
	return r.raw("POST", "/v1/poles/"+id+"/rejections", "application/json", body, false, nil)
}
