package testkit

import (
	"bytes"
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// logWatch keeps every line an Env's service and server log (at debug
// level) and the credentials the test used, and fails the test when a
// credential appears in a line: no secret in any log.
type logWatch struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	secrets map[string]bool
}

// minSecret is the shortest value taken as a credential: shorter ones
// (a cookie "1") would match by chance.
const minSecret = 8

func newLogWatch() *logWatch {
	w := &logWatch{secrets: map[string]bool{}}
	w.add(Password)
	return w
}

func (w *logWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *logWatch) add(s string) {
	s = strings.TrimSpace(s)
	if len(s) < minSecret {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.secrets[s] = true
}

// handler is the log handler whose lines are watched.
func (w *logWatch) handler() slog.Handler {
	return slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug})
}

// check fails t for each credential found in the log.
func (w *logWatch) check(t testing.TB) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	logs := w.buf.String()
	var pairs []string
	for s := range w.secrets {
		pairs = append(pairs, s, "<CREDENTIAL>")
	}
	hide := strings.NewReplacer(pairs...)
	for s := range w.secrets {
		if i := strings.Index(logs, s); i >= 0 {
			start := strings.LastIndexByte(logs[:i], '\n') + 1
			line, _, _ := strings.Cut(logs[start:], "\n")
			t.Errorf("a credential (%d characters) is in the log: %s", len(s), hide.Replace(line))
		}
	}
}

// request records the credentials a request carries: its Authorization
// value (and the password inside Basic), cookies, CSRF token, and the
// password and _csrf fields of a form body.
func (w *logWatch) request(r *http.Request, body []byte) {
	if a := r.Header.Get("Authorization"); a != "" {
		w.add(a)
		scheme, cred, _ := strings.Cut(a, " ")
		w.add(cred)
		if strings.EqualFold(scheme, "Basic") {
			if dec, err := base64.StdEncoding.DecodeString(cred); err == nil {
				_, pw, _ := strings.Cut(string(dec), ":")
				w.add(pw)
			}
		}
	}
	for _, c := range r.Cookies() {
		w.add(c.Value)
	}
	w.add(r.Header.Get("X-CSRF-Token"))
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
		if form, err := url.ParseQuery(string(body)); err == nil {
			for _, k := range []string{"_csrf", "password", "current", "new", "confirm", "code"} {
				w.add(form.Get(k))
			}
		}
	}
}

// response records the cookies an answer sets.
func (w *logWatch) response(h http.Header) {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		w.add(c.Value)
	}
}

// Secret adds a credential the log must never hold (a token, a password
// set by the test) to the check made when the test ends.
func (e *Env) Secret(s string) { e.logs.add(s) }

// Logs returns what the Env's service and server logged so far.
func (e *Env) Logs() string {
	e.logs.mu.Lock()
	defer e.logs.mu.Unlock()
	return e.logs.buf.String()
}
