package poles_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

// bigPoleParts are n parts term0..term(n-1) whose weights repeat 0..6, so
// that many weights tie.
func bigPoleParts(n int) []poles.PartInput {
	parts := make([]poles.PartInput, n)
	for i := range parts {
		w := float64(i % 7)
		parts[i] = poles.PartInput{Term: fmt.Sprintf("term%d", i), Weight: &w}
	}
	return parts
}

// TestSuggestStrongestTerms: a suggestion for a pole of 10,000 terms is
// computed from its SuggestQueryTerms strongest (by weight, equal weights
// in the pole's order), the others passed as exclusions: every term of the
// pole reaches the engine, which leaves them all out (in any case).
func TestSuggestStrongestTerms(t *testing.T) {
	const n = explorer.PolePartsMax
	cands := []string{"term5", "TERM9999", "fresh", "term9998", "new"}
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": cands}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Big", Language: "EN", Parts: bigPoleParts(n)})
	if len(p.Parts) != n {
		t.Fatalf("%d parts", len(p.Parts))
	}
	res, err := e.Svc.SuggestPoleTerms(ann, p.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Suggestions {
		got = append(got, s.Term)
	}
	if !reflect.DeepEqual(got, []string{"fresh", "new"}) {
		t.Fatalf("suggestions %v", got)
	}
	call := ws.Calls()[0]
	if len(call.Terms) != explorer.SuggestQueryTerms || len(call.Exclude) != n-explorer.SuggestQueryTerms {
		t.Fatalf("%d terms, %d excluded", len(call.Terms), len(call.Exclude))
	}
	// Weight 6 is the strongest: terms 6, 13, 20, … in the pole's order.
	for i, q := range call.Terms {
		if want := fmt.Sprintf("term%d", 6+7*i); q.Term != want || q.Weight != 6 {
			t.Fatalf("query term %d is %+v, want %s", i, q, want)
		}
	}
	seen := map[string]bool{}
	for _, q := range call.Terms {
		seen[q.Term] = true
	}
	for _, x := range call.Exclude {
		if seen[x] {
			t.Fatalf("%s both queried and excluded", x)
		}
		seen[x] = true
	}
	if len(seen) != n {
		t.Fatalf("%d distinct terms passed, want %d", len(seen), n)
	}
	// A small pole is passed whole, strongest first.
	small := mustCreatePole(t, ann, e, poles.PoleInput{Name: "S", Language: "EN", Parts: partsOf("a", 1.0, "b", 3.0, "c", 1.0)})
	if _, err := e.Svc.SuggestPoleTerms(ann, small.ID, nil); err != nil {
		t.Fatal(err)
	}
	call = ws.Calls()[1]
	want := []explorer.WeightedTerm{{Term: "b", Weight: 3}, {Term: "a", Weight: 1}, {Term: "c", Weight: 1}}
	if !reflect.DeepEqual(call.Terms, want) || len(call.Exclude) != 0 {
		t.Fatalf("engine called with %+v", call)
	}
}

// waitCalls waits until the engine was called n times.
func waitCalls(t *testing.T, ws *testkit.FakeWordSpaces, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); len(ws.Calls()) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls, want %d", len(ws.Calls()), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestSuggestionsAtOnce: one user has at most SuggestionsAtOnce
// suggestions computed at once; one more is ETHROTTLED with a Retry-After
// and never reaches the engine. Other users are not refused, and a
// finished suggestion frees its place.
func TestSuggestionsAtOnce(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"x"}}, Hold: make(chan struct{})}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := e.As("ann"), e.As("bob")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "P", Language: "EN", Parts: partsOf("a", nil)})
	q := mustCreatePole(t, bob, e, poles.PoleInput{Name: "Q", Language: "EN", Parts: partsOf("a", nil)})
	var wg sync.WaitGroup
	errs := make(chan error, poles.SuggestionsAtOnce+1)
	run := func(ctx context.Context, id int64) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.Svc.SuggestPoleTerms(ctx, id, nil)
			errs <- err
		}()
	}
	for range poles.SuggestionsAtOnce {
		run(ann, p.ID)
	}
	waitCalls(t, ws, poles.SuggestionsAtOnce)
	_, err := e.Svc.SuggestPoleTerms(ann, p.ID, nil)
	if e := wantPoleCode(t, err, explorer.ETHROTTLED); e.RetryAfter < 1 {
		t.Fatalf("retry after %d", e.RetryAfter)
	}
	if len(ws.Calls()) != poles.SuggestionsAtOnce {
		t.Fatalf("the refused suggestion reached the engine")
	}
	run(bob, q.ID)
	waitCalls(t, ws, poles.SuggestionsAtOnce+1)
	for range poles.SuggestionsAtOnce + 1 {
		ws.Hold <- struct{}{}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	close(ws.Hold)
	if _, err := e.Svc.SuggestPoleTerms(ann, p.ID, nil); err != nil {
		t.Fatalf("after the others ended: %v", err)
	}
}

// TestSuggestPastDeadline: a suggestion whose context ends while the
// engine computes (the engine answers the bare context error) is
// EUNAVAILABLE with a Retry-After, never an internal error.
func TestSuggestPastDeadline(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"x"}}, Hold: make(chan struct{})}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	p := mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "P", Language: "EN", Parts: partsOf("a", nil)})
	ctx, cancel := context.WithTimeout(e.As("ann"), 300*time.Millisecond)
	defer cancel()
	_, err := e.Svc.SuggestPoleTerms(ctx, p.ID, nil)
	if e := wantPoleCode(t, err, explorer.EUNAVAILABLE); e.RetryAfter < 1 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v, retry after %d", err, e.RetryAfter)
	}
}

// TestInterruptedErrors: an error caused by a context's end is
// EUNAVAILABLE with a Retry-After, bare or wrapped as internal; other
// errors keep their codes.
func TestInterruptedErrors(t *testing.T) {
	for _, err := range []error{
		context.DeadlineExceeded,
		fmt.Errorf("query: %w", context.Canceled),
		explorer.Internal(fmt.Errorf("scan: %w", context.DeadlineExceeded)),
	} {
		e := explorer.AsError(err)
		if e.Code != explorer.EUNAVAILABLE || e.RetryAfter < 1 || explorer.ErrorCode(err) != explorer.EUNAVAILABLE || explorer.ErrorMessage(err) != e.Message {
			t.Errorf("%v: %+v", err, e)
		}
	}
	notFound := &explorer.Error{Code: explorer.ENOTFOUND, Message: "gone", Err: context.Canceled}
	if explorer.ErrorCode(notFound) != explorer.ENOTFOUND {
		t.Errorf("a coded error lost its code")
	}
	if explorer.ErrorCode(errors.New("disk on fire")) != explorer.EINTERNAL || explorer.ErrorMessage(errors.New("x")) != "internal error" {
		t.Errorf("other errors are internal")
	}
}
