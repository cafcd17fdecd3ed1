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
	"strings"
	"time"
)

// actor is who sends a request: a user with Basic credentials, a bearer
// token, a signed-in page session (cookies and its CSRF token), or nobody.
type actor struct {
	user, password string
	token          string
	session        bool
	jar            http.CookieJar
	csrf           string
}

func basic(user, password string) *actor { return &actor{user: user, password: password} }

// anonymous sends no credentials.
var anonymous = &actor{}

// runner sends the scenario's requests one after the other to one server
// and records them.
type runner struct {
	base string
	t    *Transcript
	tr   http.RoundTripper
	// failed is the first step whose answer the scenario could not use
	// (an id missing): later steps would only repeat it.
	failed error
}

func newRunner(base string) *runner {
	return &runner{base: base, t: &Transcript{}, tr: &http.Transport{MaxIdleConnsPerHost: 1}}
}

// request is one request of a step.
type request struct {
	method, path string
	body         []byte
	ctype        string
	header       map[string]string
}

// send sends req as a and records the exchange under name.
func (r *runner) send(a *actor, name string, req request) *Exchange {
	ex := r.exchange(a, req)
	ex.Name = name
	// The request id is the process's random prefix and a count of every
	// request, waits included; entity tags hash answers that hold times:
	// both are learned in the recorded steps' order, so that a tag that
	// repeats (or changes) does on both sides.
	for _, h := range ex.Header {
		if id, ok := strings.CutPrefix(h, "X-Request-Id: "); ok {
			r.t.learn("request-id", id)
		}
		if tag, ok := strings.CutPrefix(h, "Etag: "); ok {
			r.t.learn("etag", tag)
		}
	}
	r.t.Exchanges = append(r.t.Exchanges, *ex)
	return ex
}

// exchange sends req as a without recording it (the caller does, or it
// is a wait that may take a different number of polls on each run).
func (r *runner) exchange(a *actor, req request) *Exchange {
	ex := &Exchange{Method: req.method, Path: req.path}
	hr, err := http.NewRequest(req.method, r.base+req.path, bytes.NewReader(req.body))
	if err != nil {
		ex.Body = []byte("request error: " + err.Error())
		return ex
	}
	if req.ctype != "" {
		hr.Header.Set("Content-Type", req.ctype)
	}
	for k, v := range req.header {
		hr.Header.Set(k, v)
	}
	switch {
	case a.token != "":
		hr.Header.Set("Authorization", "Bearer "+a.token)
	case a.user != "" && !a.session:
		hr.SetBasicAuth(a.user, a.password)
	}
	hc := &http.Client{Transport: r.tr, Jar: a.jar, Timeout: 2 * time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.Do(hr)
	if err != nil {
		ex.Body = []byte("transport error: " + err.Error())
		return ex
	}
	defer resp.Body.Close()
	ex.Body, _ = io.ReadAll(resp.Body)
	ex.Status, ex.Header = resp.StatusCode, headerLines(resp.Header)
	for _, c := range resp.Cookies() {
		r.t.learn("cookie:"+c.Name, c.Value)
	}
	return ex
}

// get records a GET; header holds request headers (nil: none).
func (r *runner) get(a *actor, name, path string, header map[string]string) *Exchange {
	return r.send(a, name, request{method: "GET", path: path, header: header})
}

// json records a request with a JSON body (nil: no body).
func (r *runner) json(a *actor, name, method, path string, body any) *Exchange {
	req := request{method: method, path: path}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			panic(err) // the scenario's own bodies always marshal
		}
		req.body, req.ctype = b, "application/json"
	}
	return r.send(a, name, req)
}

// upload records a multipart POST of one file.
func (r *runner) upload(a *actor, name, path, fileName string, data []byte) *Exchange {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.SetBoundary("wirereplay-boundary-0123456789")
	fw, _ := mw.CreateFormFile("file", fileName)
	_, _ = fw.Write(data)
	_ = mw.Close()
	return r.send(a, name, request{method: "POST", path: path, body: body.Bytes(), ctype: mw.FormDataContentType()})
}

// form records a page form's POST with the session's CSRF token.
func (r *runner) form(a *actor, name, path string, form url.Values) *Exchange {
	form.Set("_csrf", a.csrf)
	return r.send(a, name, request{method: "POST", path: path, body: []byte(form.Encode()),
		ctype: "application/x-www-form-urlencoded"})
}

// id reads a number field of a JSON object answer (0 when missing, and
// the runner remembers the step as failed).
func (r *runner) id(ex *Exchange, field string) int64 {
	var v map[string]any
	_ = json.Unmarshal(ex.Body, &v)
	if n, ok := v[field].(float64); ok {
		return int64(n)
	}
	if r.failed == nil {
		r.failed = fmt.Errorf("step %q (%s %s): no %q in the answer %d %.300s", ex.Name, ex.Method, ex.Path, field, ex.Status, ex.Body)
	}
	return 0
}

// signIn signs a in on the pages (recorded: the sign-in form, its post
// and the account page the CSRF token is read from).
func (r *runner) signIn(a *actor, name string) {
	a.jar, _ = cookiejar.New(nil)
	a.session = true
	r.get(a, name+": sign-in form", "/login", nil)
	u, _ := url.Parse(r.base + "/login")
	form := url.Values{"username": {a.user}, "password": {a.password}}
	for _, c := range a.jar.Cookies(u) {
		if c.Name == "explorer_login" {
			form.Set("_csrf", c.Value)
		}
	}
	r.send(a, name+": sign in", request{method: "POST", path: "/login", body: []byte(form.Encode()),
		ctype: "application/x-www-form-urlencoded"})
	page := r.get(a, name+": account page", "/account", nil)
	const marker = `name="_csrf" value="`
	i := bytes.Index(page.Body, []byte(marker))
	if i < 0 {
		r.fail(fmt.Errorf("%s: no CSRF token on /account (%d)", name, page.Status))
		return
	}
	rest := page.Body[i+len(marker):]
	a.csrf = string(rest[:bytes.IndexByte(rest, '"')])
	r.t.learn("csrf:"+a.user, a.csrf)
}

func (r *runner) fail(err error) {
	if r.failed == nil {
		r.failed = err
	}
}

// path formats a path with ids.
func path(format string, ids ...any) string { return fmt.Sprintf(format, ids...) }
