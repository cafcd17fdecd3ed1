package attack

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"explorer/internal/load"
)

// h32Attacks are the attacks of issue 32 (hardening, round three).
func h32Attacks() []attack {
	return []attack{
		{"taken session turns the second factor on, no password", (*runner).factorWithoutPassword},
		{"Basic as ADMIN, ' admin', cli, system: users and actors", (*runner).lookAlikeNames},
		{"1,000 page sign-ins of one user: audit records", (*runner).signInRows},
		{"no-cors POST share, no Content-Type, cached Basic", func(r *runner) (*http.Response, error) {
			return r.raw("POST", fmt.Sprintf("/v1/models/%d/share?userId=admin", r.model), "", nil, false,
				map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"})
		}},
	}
}

// pagePost posts a form of the signed-in page client, with its CSRF
// token, and answers the response unread.
func (r *runner) pagePost(path string, form url.Values) (*http.Response, error) {
	form.Set("_csrf", r.page.CSRF())
	req, _ := http.NewRequest("POST", r.srv.Base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r.page.HC.Do(req)
}

// factorWithoutPassword is someone holding mallory's session cookie: it
// starts a second factor and tries to turn it on without the password
// (a code is not even needed to see the refusal).
func (r *runner) factorWithoutPassword() (*http.Response, error) {
	resp, err := r.pagePost("/account/2fa/setup", url.Values{})
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return r.pagePost("/account/2fa/confirm", url.Values{"password": {"guessed-password"}, "code": {"123456"}})
}

// lookAlikeNames signs in with Basic as names that look like admin or
// like the audit log's own actors, wrong passwords each, then counts, as
// the admin, the users and the actors of the refusals.
func (r *runner) lookAlikeNames() (*http.Response, error) {
	for _, name := range []string{"ADMIN", " admin", "Admin", "cli", "system", "SYSTEM"} {
		req, _ := http.NewRequest("GET", r.srv.Base+"/v1/account", nil)
		req.SetBasicAuth(name, "wrong-password")
		resp, err := r.user.HC.Do(req)
		if err != nil {
			return nil, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	admin := load.NewClient(r.srv.Base, "admin", ownAdminPW, nil)
	var events []struct{ Actor string }
	if err := admin.Decode(200, "GET", "/v1/admin/audit?action=signin.password&outcome=failure&limit=1000", nil, &events); err != nil {
		return nil, err
	}
	actors := map[string]int{}
	for _, e := range events {
		actors[e.Actor]++
	}
	r.note = fmt.Sprintf("records under cli: %d, system: %d, ADMIN: %d, admin: %d", actors["cli"], actors["system"], actors["ADMIN"], actors["admin"])
	req, _ := http.NewRequest("GET", r.srv.Base+"/v1/account", nil)
	req.SetBasicAuth(" ADMIN ", ownAdminPW)
	return r.user.HC.Do(req)
}

// signInRows signs mallory in on the page 1,000 times, then counts the
// records of her accepted sign-ins as the admin, and checks that her
// first session of the run has ended (sessions are capped).
func (r *runner) signInRows() (*http.Response, error) {
	first := load.NewClient(r.srv.Base, r.user.User, r.user.Password, nil)
	if err := first.SignIn(); err != nil {
		return nil, err
	}
	for range 1000 {
		c := load.NewClient(r.srv.Base, r.user.User, r.user.Password, nil)
		if err := c.SignIn(); err != nil {
			return nil, err
		}
	}
	admin := load.NewClient(r.srv.Base, "admin", ownAdminPW, nil)
	var events []struct{ Count int64 }
	if err := admin.Decode(200, "GET", "/v1/admin/audit?action=signin.password&outcome=success&user="+r.user.User+"&limit=1000", nil, &events); err != nil {
		return nil, err
	}
	var total int64
	for _, e := range events {
		total += e.Count
	}
	req, _ := http.NewRequest("GET", r.srv.Base+"/account", nil)
	u, _ := url.Parse(r.srv.Base + "/")
	for _, ck := range first.HC.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	r.note = fmt.Sprintf("%d records hold %d sign-ins; the run's first session: %d %s", len(events), total, resp.StatusCode, resp.Header.Get("Location"))
	if err := r.page.SignIn(); err != nil { // the runner's own session ended too
		return nil, err
	}
	return r.raw("GET", "/v1/account", "", nil, false, nil)
}
