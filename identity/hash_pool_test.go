package identity_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"

	"golang.org/x/crypto/bcrypt"
)

// slowHasher verifies with bcrypt after a pause and keeps the most
// verifications it saw at once.
type slowHasher struct {
	explorer.BcryptHasher
	pause     time.Duration
	now, most atomic.Int64
	compares  atomic.Int64
}

func (h *slowHasher) Compare(hash, password string) error {
	n := h.now.Add(1)
	defer h.now.Add(-1)
	for {
		m := h.most.Load()
		if n <= m || h.most.CompareAndSwap(m, n) {
			break
		}
	}
	h.compares.Add(1)
	time.Sleep(h.pause)
	return h.BcryptHasher.Compare(hash, password)
}

// TestBoundedHashing is the attack of item 2: 40 wrong passwords at once
// from 20 addresses. Never more verifications run at once than the pool's
// slots; those past its queue and wait are 429 with Retry-After, are no
// failure of the throttle and leave no audit record; a verified
// credential (cached) and a token are served meanwhile without a hash.
func TestBoundedHashing(t *testing.T) {
	h := &slowHasher{BcryptHasher: explorer.BcryptHasher{Cost: bcrypt.MinCost}, pause: 40 * time.Millisecond}
	e := testkit.New(t, func(o *explorer.Options) {
		o.Hasher, o.HashSlots, o.HashQueue, o.HashWait = h, 2, 4, 100*time.Millisecond
	})
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	ctx := context.Background()
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var refused, wrong atomic.Int64
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.Svc.AuthenticatePassword(ctx, "root", fmt.Sprintf("guess-%d", i), fmt.Sprintf("10.9.0.%d", i%20))
			switch ae := explorer.AsError(err); {
			case ae.Code == explorer.ETHROTTLED && ae.RetryAfter >= 1:
				refused.Add(1)
			case ae.Code == explorer.EUNAUTHORIZED:
				wrong.Add(1)
			default:
				t.Errorf("guess %d: %v", i, err)
			}
		}()
	}
	// Meanwhile ann's verified credential is served without a hash.
	before := h.compares.Load()
	start := time.Now()
	if _, err := e.Svc.AuthenticatePassword(ctx, "ann", testkit.Password, "192.0.2.1"); err != nil {
		t.Fatalf("ann during the flood: %v", err)
	}
	took := time.Since(start)
	wg.Wait()
	if most := h.most.Load(); most > 2 {
		t.Fatalf("%d verifications at once, the pool has 2 slots", most)
	}
	if refused.Load() == 0 || wrong.Load() < 2 || refused.Load()+wrong.Load() != 40 {
		t.Fatalf("%d refused by the pool, %d wrong", refused.Load(), wrong.Load())
	}
	if h.compares.Load()-before > wrong.Load() {
		t.Fatalf("%d hashes for %d verified guesses and a cached credential", h.compares.Load()-before, wrong.Load())
	}
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: explorer.ActionSignInPassword, Outcome: explorer.OutcomeFailure, Page: explorer.Page{Limit: 100}})
	if err != nil {
		t.Fatal(err)
	}
	var recorded int64
	for _, ev := range list {
		recorded += ev.Count
	}
	if recorded != wrong.Load() {
		t.Fatalf("%d refusals recorded, %d wrong passwords verified", recorded, wrong.Load())
	}
	t.Logf("40 guesses at once: %d verified (wrong), %d refused by the pool; cached credential %v", wrong.Load(), refused.Load(), took)
}
