package main

import (
	"fmt"
	"io"
	"net/http"

	"explorer/internal/client"
)

// auditAttacks flood the sign-in with wrong passwords (issue 24): the
// audit log must record them without growing by a record each.
func auditAttacks() []attack {
	return []attack{
		{"2,000 wrong Basic passwords, 1,000 names: audit log size", (*runner).signInFlood},
	}
}

// signInFlood sends wrong passwords for 1,000 names, twice each, then
// reads the refusals the audit log holds as the admin.
func (r *runner) signInFlood() (*http.Response, error) {
	codes := map[int]int{}
	for i := range 2000 {
		req, _ := http.NewRequest("GET", r.srv.Base+"/v1/models", nil)
		req.SetBasicAuth(fmt.Sprintf("flood%d", i%1000), "wrong-password")
		resp, err := r.user.HC.Do(req)
		if err != nil {
			return nil, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		codes[resp.StatusCode]++
	}
	admin := client.NewClient(r.srv.Base, "admin", ownAdminPW, nil)
	var events []struct {
		Count int64 `json:"count"`
	}
	if err := admin.Decode(200, "GET", "/v1/admin/audit?outcome=failure&limit=1000", nil, &events); err != nil {
		return nil, err
	}
	var total int64
	for _, e := range events {
		total += e.Count
	}
	r.note = fmt.Sprintf("401: %d, 429: %d; %d audit records hold %d refusals", codes[401], codes[429], len(events), total)
	req, _ := http.NewRequest("GET", r.srv.Base+"/v1/models", nil)
	req.SetBasicAuth(r.user.User, r.user.Password)
	return r.user.HC.Do(req)
}
