package poles_test

import (
	"fmt"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

// TestDeclinedTermsCountInStorage is the attack of item 5: declining
// long terms on many poles no longer stores past the budget. The counter
// follows declines, un-declines and the pole's deletion (it equals a
// recount from the data at each step), and a decline that would pass the
// budget is refused whole.
func TestDeclinedTermsCountInStorage(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets.Storage = 64 << 10 })
	e.AddUser("ann", "")
	ctx := e.As("ann")
	p, err := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "p", Language: "EN"})
	if err != nil {
		t.Fatal(err)
	}
	terms := func(from, n int) []string {
		var out []string
		for i := from; i < from+n; i++ {
			out = append(out, fmt.Sprintf("%s%d", strings.Repeat("x", 90), i))
		}
		return out
	}
	before, _ := e.Svc.Storage(ctx)
	if _, err := e.Svc.RejectPoleTerms(ctx, p.ID, terms(0, 100)); err != nil {
		t.Fatal(err)
	}
	after, _ := e.Svc.Storage(ctx)
	if grown := after.Used - before.Used; grown < 100*180 {
		t.Fatalf("100 declined terms of 92 characters counted %d bytes", grown)
	}
	testkit.CheckStorage(t, e, "declining", "ann")
	// The same terms again store nothing more.
	if _, err := e.Svc.RejectPoleTerms(ctx, p.ID, terms(0, 100)); err != nil {
		t.Fatal(err)
	}
	if again, _ := e.Svc.Storage(ctx); again.Used != after.Used {
		t.Fatalf("declining known terms again: %d → %d", after.Used, again.Used)
	}
	if err := e.Svc.UnrejectPoleTerm(ctx, p.ID, terms(0, 1)[0]); err != nil {
		t.Fatal(err)
	}
	testkit.CheckStorage(t, e, "un-declining", "ann")
	// Past 64 KiB: refused, nothing kept.
	q, _ := e.Svc.CreatePole(ctx, poles.PoleInput{Name: "q", Language: "EN"})
	var refused error
	for i := 0; i < 10 && refused == nil; i++ {
		_, refused = e.Svc.RejectPoleTerms(ctx, q.ID, terms(1000+i*400, 400))
	}
	if explorer.ErrorCode(refused) != explorer.ETOOLARGE {
		t.Fatalf("declines past the budget: %v", refused)
	}
	testkit.CheckStorage(t, e, "a refused decline", "ann")
	if _, err := e.Svc.DeletePole(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	testkit.CheckStorage(t, e, "deleting the pole", "ann")
}
