package web_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"
	"explorer/poles"
)

// TestPoleSuggestionsPanelWaits: a suggestion over the user's
// suggestions at once, and one still computing when the request's
// deadline passes, are a message in the panel (200, so that htmx shows
// it) that asks again by itself after the Retry-After; never an error
// page.
func TestPoleSuggestionsPanelWaits(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"heat"}}, Hold: make(chan struct{})}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	// A deadline long enough that a loaded machine reaches the suggestion
	// before it passes (the suggestion itself waits on Hold forever).
	app, err := server.New(e.Services, server.Config{Logger: e.Options.Logger, RequestTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	e.App = app
	e.AddUser("ann", "")
	ann := e.As("ann")
	p, _ := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Warm", Language: "en", Parts: []poles.PartInput{{Term: "Sun"}}})
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)

	// Past the deadline.
	d := b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	trig, _ := d.Find("#suggestions").Attr("hx-trigger")
	if msg := d.Find("#suggestions p.error").Text(); !strings.Contains(msg, "took longer") || !strings.Contains(trig, "load delay:5s") {
		t.Fatalf("panel %q, trigger %q", msg, trig)
	}

	// Over the suggestions at once (the others run without a deadline),
	// asked of a server whose deadline no slow machine reaches: the
	// refusal must come from the limit, not from the clock.
	if e.App, err = server.New(e.Services, server.Config{Logger: e.Options.Logger, RequestTimeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range poles.SuggestionsAtOnce {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = e.Svc.SuggestPoleTerms(ann, p.ID, nil)
		}()
	}
	for deadline := time.Now().Add(10 * time.Second); len(ws.Calls()) < 1+poles.SuggestionsAtOnce; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls", len(ws.Calls()))
		}
	}
	d = b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, htmx).Expect(t, 200))
	trig, _ = d.Find("#suggestions").Attr("hx-trigger")
	if msg := d.Find("#suggestions p.error").Text(); !strings.Contains(msg, "at once") || !strings.Contains(trig, "load delay:1s") {
		t.Fatalf("panel %q, trigger %q", msg, trig)
	}
	// Without htmx: the pole page with the panel's message.
	d = b.doc(b.do("GET", polePath(p.ID, "/suggestions"), nil, nil).Expect(t, 200))
	if d.Find("#pole-details").Length() != 1 || !strings.Contains(d.Find("#suggestions p.error").Text(), "at once") {
		t.Fatalf("page %q", d.Find("#suggestions").Text())
	}
	for range poles.SuggestionsAtOnce {
		ws.Hold <- struct{}{}
	}
	wg.Wait()
}
