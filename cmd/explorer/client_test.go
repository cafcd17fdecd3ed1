package main

import (
	"fmt"
	"net/http"
	"net/url"
	"syscall"
	"testing"
	"time"

	"explorer/internal/client"
)

// transport is shared by the tests' clients.
var transport = &http.Transport{MaxIdleConnsPerHost: 64}

// apiClient calls one server's JSON interface as one user (Basic).
type apiClient struct{ *client.Client }

func newAPIClient(addr, user, password string) *apiClient {
	return &apiClient{client.NewClient("http://"+addr, user, password, transport)}
}

// call sends a request with a JSON body (nil: none) and returns the status
// and the body; err is a transport error (such as a killed server).
func (a *apiClient) call(method, path string, body any) (int, []byte, error) {
	return a.Call(method, path, body)
}

// must calls and fails the test unless the status is want; it decodes the
// answer into out when out is not nil.
func (a *apiClient) must(t *testing.T, want int, method, path string, body, out any) {
	t.Helper()
	if err := a.Decode(want, method, path, body, out); err != nil {
		t.Fatal(err)
	}
}

// uploadModel uploads a one-topic model and returns its id; the error is
// a transport error or an unexpected status.
func (a *apiClient) uploadModel(title string) (int64, error) {
	code, b, err := a.UploadModel(title, []byte("Index,Label,Terms\n1,start,\"alpha, beta\"\n"))
	if err != nil {
		return 0, err
	}
	if code != http.StatusCreated {
		return 0, fmt.Errorf("upload: %d %s", code, b)
	}
	return client.ID(b)
}

// modelInput is a PUT /models/{id} body with one group of one topic.
func modelInput(group, term string) map[string]any {
	return map[string]any{"groups": []any{map[string]any{"title": group, "topics": []any{
		map[string]any{"title": group, "terms": []string{term}}}}}, "ignoreTerms": []string{}}
}

// pageClient is a signed-in browser of the pages.
type pageClient struct{ *client.Client }

// signIn signs in on the pages and returns the client with its session.
func signIn(t *testing.T, addr, user, password string) *pageClient {
	t.Helper()
	c := client.NewClient("http://"+addr, user, password, transport)
	if err := c.SignIn(); err != nil {
		t.Fatal(err)
	}
	return &pageClient{c}
}

// post posts a form with the session's CSRF token and returns the status.
func (p *pageClient) post(t *testing.T, path string, form url.Values) int {
	t.Helper()
	code, err := p.PostForm(path, form)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// stop ends the server with SIGTERM and waits for it. The clients' idle
// connections are closed first: the server's graceful shutdown waits for
// connections that never sent a request (the transport may keep one it
// dialled for a request another connection served).
func (s *server) stop(t *testing.T) {
	t.Helper()
	transport.CloseIdleConnections()
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
