package attack

import (
	"net/http"
	"net/url"
	"strings"
)

// h32Attacks are the attacks of issue 32 (hardening, round three).
func h32Attacks() []attack {
	return []attack{
		{"taken session turns the second factor on, no password", (*runner).factorWithoutPassword},
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
