package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"syscall"
	"testing"
	"time"
)

// apiClient calls one server's JSON interface as one user (Basic).
type apiClient struct {
	base, user, password string
	hc                   *http.Client
}

func newAPIClient(addr, user, password string) *apiClient {
	return &apiClient{base: "http://" + addr, user: user, password: password,
		hc: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
}

// call sends a request with a JSON body (nil: none) and returns the status
// and the body; err is a transport error (such as a killed server).
func (a *apiClient) call(method, path string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, a.base+path, r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.SetBasicAuth(a.user, a.password)
	resp, err := a.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, err
}

// must calls and fails the test unless the status is want; it decodes the
// answer into out when out is not nil.
func (a *apiClient) must(t *testing.T, want int, method, path string, body, out any) {
	t.Helper()
	code, b, err := a.call(method, path, body)
	if err != nil || code != want {
		t.Fatalf("%s %s: %d %v %s", method, path, code, err, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v %s", method, path, err, b)
		}
	}
}

// pageClient is a signed-in browser of the pages.
type pageClient struct {
	base string
	hc   *http.Client
	csrf string
}

// signIn signs in on the pages and returns the client with its session.
func signIn(t *testing.T, addr, user, password string) *pageClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &pageClient{base: "http://" + addr, hc: &http.Client{Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	resp, err := p.hc.Get(p.base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u, _ := url.Parse(p.base + "/login")
	var login string
	for _, c := range jar.Cookies(u) {
		if c.Name == "explorer_login" {
			login = c.Value
		}
	}
	resp, err = p.hc.PostForm(p.base+"/login", url.Values{"_csrf": {login}, "username": {user}, "password": {password}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusFound {
		t.Fatalf("sign-in of %s: %d", user, resp.StatusCode)
	}
	p.csrf = p.csrfToken(t)
	return p
}

// csrfToken reads the session's CSRF token from a page.
func (p *pageClient) csrfToken(t *testing.T) string {
	t.Helper()
	resp, err := p.hc.Get(p.base + "/account")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	const marker = `name="_csrf" value="`
	i := bytes.Index(b, []byte(marker))
	if i < 0 {
		t.Fatalf("no CSRF token on /account (%d)", resp.StatusCode)
	}
	rest := b[i+len(marker):]
	return string(rest[:bytes.IndexByte(rest, '"')])
}

// stop ends the server with SIGTERM and waits for it.
func (s *server) stop(t *testing.T) {
	t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _, _ = s.cmd.Process.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		t.Fatalf("server did not stop:\n%s", s.logs)
	}
}

// uploadModel uploads a one-topic model and returns its id; the error is
// a transport error or an unexpected status.
func (a *apiClient) uploadModel(title string) (int64, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "model.csv")
	fmt.Fprintf(fw, "Index,Label,Terms\n1,start,\"alpha, beta\"\n")
	mw.Close()
	req, _ := http.NewRequest("POST", a.base+"/v1/models?title="+url.QueryEscape(title), &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.SetBasicAuth(a.user, a.password)
	resp, err := a.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return 0, fmt.Errorf("upload: %d %s", resp.StatusCode, b)
	}
	var m struct{ ID int64 }
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, err
	}
	return m.ID, nil
}

// modelInput is a PUT /models/{id} body with one group of one topic.
func modelInput(group, term string) map[string]any {
	return map[string]any{"groups": []any{map[string]any{"title": group, "topics": []any{
		map[string]any{"title": group, "terms": []string{term}}}}}, "ignoreTerms": []string{}}
}

// post posts a form with the session's CSRF token and returns the status.
func (p *pageClient) post(t *testing.T, path string, form url.Values) int {
	t.Helper()
	form.Set("_csrf", p.csrf)
	resp, err := p.hc.PostForm(p.base+path, form)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
