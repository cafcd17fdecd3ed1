// Package client calls a served explorer as one user over HTTP: the JSON
// interface with Basic credentials, the pages with a session and its CSRF
// token. The command's end-to-end tests (cmd/explorer) and the programs of
// the tools' module (tools/: load, attack, benchmarks) share it.
package client

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

// Client calls one server as one user: the JSON interface with Basic
// credentials, and the pages once signed in.
type Client struct {
	Base, User, Password string
	HC                   *http.Client
	csrf                 string
}

// NewClient returns a client of the server at base (http://host:port).
func NewClient(base, user, password string, transport http.RoundTripper) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{Base: base, User: user, Password: password, HC: &http.Client{
		Transport: transport, Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Call sends a request with a JSON body (nil: none) and returns the status
// and the answer; err is a transport error.
func (c *Client) Call(method, path string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.Base+path, r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.do(req)
}

func (c *Client) do(req *http.Request) (int, []byte, error) {
	if c.csrf == "" {
		req.SetBasicAuth(c.User, c.Password)
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// Decode calls and decodes a JSON answer of status want into out.
func (c *Client) Decode(want int, method, path string, body, out any) error {
	code, b, err := c.Call(method, path, body)
	if err != nil {
		return err
	}
	if code != want {
		return fmt.Errorf("%s %s: %d %.300s", method, path, code, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// UploadModel posts a model file (CSV with Index, Label, Terms) and
// returns the status and answer.
func (c *Client) UploadModel(title string, csv []byte) (int, []byte, error) {
	return c.upload("/v1/models", title, csv)
}

// UploadProject posts a project's table (CSV) and returns the status and
// answer.
func (c *Client) UploadProject(title string, csv []byte) (int, []byte, error) {
	return c.upload("/v1/projects", title, csv)
}

// upload posts a CSV file to path with a title.
func (c *Client) upload(path, title string, csv []byte) (int, []byte, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "table.csv")
	fw.Write(csv)
	mw.Close()
	req, err := http.NewRequest("POST", c.Base+path+"?title="+url.QueryEscape(title), &body)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}

// SignIn signs in on the pages; later Post calls carry the session and its
// CSRF token.
func (c *Client) SignIn() error {
	resp, err := c.HC.Get(c.Base + "/login")
	if err != nil {
		return err
	}
	resp.Body.Close()
	u, _ := url.Parse(c.Base + "/login")
	var login string
	for _, ck := range c.HC.Jar.Cookies(u) {
		if ck.Name == "explorer_login" {
			login = ck.Value
		}
	}
	resp, err = c.HC.PostForm(c.Base+"/login", url.Values{"_csrf": {login}, "username": {c.User}, "password": {c.Password}})
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("sign-in of %s: %d", c.User, resp.StatusCode)
	}
	return c.readCSRF()
}

// readCSRF reads the session's CSRF token from the account page.
func (c *Client) readCSRF() error {
	resp, err := c.HC.Get(c.Base + "/account")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	const marker = `name="_csrf" value="`
	i := bytes.Index(b, []byte(marker))
	if i < 0 {
		return fmt.Errorf("no CSRF token on /account (%d)", resp.StatusCode)
	}
	rest := b[i+len(marker):]
	c.csrf = string(rest[:bytes.IndexByte(rest, '"')])
	return nil
}

// CSRF is the session's CSRF token ("" before SignIn).
func (c *Client) CSRF() string { return c.csrf }

// PostForm posts a page form with the session's CSRF token.
func (c *Client) PostForm(path string, form url.Values) (int, error) {
	return c.postForm(path, form, false)
}

// PostFormHTMX posts a page form as htmx does (HX-Request), so that the
// answer is the part of the page the form changes.
func (c *Client) PostFormHTMX(path string, form url.Values) (int, error) {
	return c.postForm(path, form, true)
}

func (c *Client) postForm(path string, form url.Values, htmx bool) (int, error) {
	form.Set("_csrf", c.csrf)
	req, err := http.NewRequest("POST", c.Base+path, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	code, _, err := c.do(req)
	return code, err
}

// ID reads the id field of a JSON object.
func ID(b []byte) (int64, error) {
	var v struct{ ID int64 }
	err := json.Unmarshal(b, &v)
	return v.ID, err
}
