package main

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// TestInstancesSharePostgres runs two instances on one PostgreSQL database:
// a user added through one signs in on the other, and a page session
// started on one is valid on the other.
func TestInstancesSharePostgres(t *testing.T) {
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("EXPLORER_TEST_POSTGRES is not set")
	}
	dsn := testkit.FreshPostgres(t, os.Getenv("EXPLORER_TEST_POSTGRES"))
	bin := buildBinary(t)
	t.Setenv("EXPLORER_DATABASE", dsn)
	a := startServer(t, bin, t.TempDir())
	b := startServer(t, bin, t.TempDir())

	cmd := exec.Command(bin, "user", "add", "pia")
	cmd.Stdin = strings.NewReader("pia-password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("user add: %v %s", err, out)
	}
	basic := func(r *http.Request) { r.SetBasicAuth("pia", "pia-password") }
	if got := a.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("instance a: %d", got)
	}
	if got := b.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("instance b: %d", got)
	}

	// Sign in on a, then use the session cookie on b.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	resp, err := client.Get("http://" + a.addr + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	aURL, _ := url.Parse("http://" + a.addr + "/login")
	var token string
	for _, c := range jar.Cookies(aURL) {
		if c.Name == "explorer_login" {
			token = c.Value
		}
	}
	resp, err = client.PostForm("http://"+a.addr+"/login", url.Values{"_csrf": {token}, "username": {"pia"}, "password": {"pia-password"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session *http.Cookie
	for _, c := range jar.Cookies(aURL) {
		if c.Name == "explorer_session" {
			session = c
		}
	}
	if session == nil {
		t.Fatal("no session after sign-in")
	}
	req, _ := http.NewRequest("GET", "http://"+b.addr+"/", nil)
	req.AddCookie(session)
	resp, err = (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("session of a on b: %d", resp.StatusCode)
	}
}
