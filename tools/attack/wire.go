package main

import (
	"fmt"
	"net/http"
	"strings"
)

// wireAttacks are the attacks of issue 22 on negotiation and conditional
// reads: headers crafted to make the parsers or the encoders work.
func wireAttacks() []attack {
	many := strings.Repeat("gzip;q=0.1;q=0.2;q=x, br;q=0, zstd;q=1e9, *;q=-1, ", 55)
	tags := strings.Repeat(`W/"1.000000000000", "x", `, 105) + `"`
	return []attack{
		{"GET /v1/models/{id}: a 3 KB Accept-Encoding (within the header buffer) of conflicting q-values", func(r *runner) (*http.Response, error) {
			return r.raw("GET", fmt.Sprintf("/v1/models/%d", r.model), "", nil, false, map[string]string{"Accept-Encoding": many})
		}},
		{"GET /v1/models/{id}: If-None-Match of 210 tags (3 KB), unclosed", func(r *runner) (*http.Response, error) {
			return r.raw("GET", fmt.Sprintf("/v1/models/%d", r.model), "", nil, false, map[string]string{"If-None-Match": tags})
		}},
		{"GET /v1/models/{id} anonymously with If-None-Match: *", func(r *runner) (*http.Response, error) {
			return r.raw("GET", fmt.Sprintf("/v1/models/%d", r.model), "", nil, true, map[string]string{"If-None-Match": "*"})
		}},
		{"GET /assets/../../etc/passwd with Accept-Encoding: br", func(r *runner) (*http.Response, error) {
			return r.raw("GET", "/assets/../../etc/passwd", "", nil, true, map[string]string{"Accept-Encoding": "br"})
		}},
	}
}
