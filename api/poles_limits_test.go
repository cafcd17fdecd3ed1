package api_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"
	"explorer/poles"
)

// heldSuggestions is a server whose suggestions wait for ws.Hold, with a
// request deadline of timeout, and ann's pole.
func heldSuggestions(t *testing.T, timeout time.Duration) (*testkit.Env, *testkit.FakeWordSpaces, string) {
	t.Helper()
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat"}}, Hold: make(chan struct{})}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	app, err := server.New(e.Services, server.Config{Logger: e.Options.Logger, RequestTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	e.App = app
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	p := createPole(t, e, "ann", map[string]any{"name": "Warm", "language": "EN", "parts": []map[string]any{{"term": "sun"}}})
	return e, ws, "/v1/poles/" + strconv.FormatInt(p.ID, 10) + "/suggest"
}

// TestSuggestConcurrencyIs429: beyond SuggestionsAtOnce suggestions of
// one user at once, the next is 429 with Retry-After; the running ones
// end with 200.
func TestSuggestConcurrencyIs429(t *testing.T) {
	e, ws, path := heldSuggestions(t, time.Minute)
	var wg sync.WaitGroup
	statuses := make(chan int, poles.SuggestionsAtOnce)
	for range poles.SuggestionsAtOnce {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Status
		}()
	}
	for deadline := time.Now().Add(10 * time.Second); len(ws.Calls()) < poles.SuggestionsAtOnce; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d suggestions running", len(ws.Calls()))
		}
	}
	r := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, http.StatusTooManyRequests)
	if p := r.Problem(t); p.Status != 429 || !strings.Contains(p.Detail, "at once") || r.Header.Get("Retry-After") != "1" {
		t.Fatalf("problem %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
	}
	for range poles.SuggestionsAtOnce {
		ws.Hold <- struct{}{}
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Fatalf("a running suggestion ended with %d", s)
		}
	}
}

// TestSuggestPastDeadlineIs503: a suggestion still computing when the
// request's deadline passes is 503 problem+json with Retry-After, not 500.
func TestSuggestPastDeadlineIs503(t *testing.T) {
	e, _, path := heldSuggestions(t, 300*time.Millisecond)
	r := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, http.StatusServiceUnavailable)
	p := r.Problem(t)
	if !strings.Contains(p.Detail, "took longer") || r.Header.Get("Retry-After") == "" {
		t.Fatalf("problem %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
	}
}
