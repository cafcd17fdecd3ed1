package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/server"
	"explorer/internal/testkit"

	"golang.org/x/crypto/bcrypt"
)

// pausingHasher verifies with bcrypt after a pause, so that guesses at
// once queue in the pool.
type pausingHasher struct{ explorer.BcryptHasher }

func (h pausingHasher) Compare(hash, password string) error {
	time.Sleep(30 * time.Millisecond)
	return h.BcryptHasher.Compare(hash, password)
}

// TestHashRefusalsCounted: the password verifications the bounded pool
// refuses (429) are counted in /metrics as
// explorer_password_checks_refused_total, one per refusal (issue 32,
// item 2).
func TestHashRefusalsCounted(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) {
		o.Hasher = pausingHasher{explorer.BcryptHasher{Cost: bcrypt.MinCost}}
		o.HashSlots, o.HashQueue, o.HashWait = 1, 1, 20*time.Millisecond
	})
	e.AddUser("root", explorer.RoleAdmin)
	m := server.NewMetrics()
	if _, err := server.New(e.Services, server.Config{Metrics: m}); err != nil {
		t.Fatal(err)
	}
	if got := refusedMetric(t, m); got != 0 {
		t.Fatalf("before any guess: %v refused", got)
	}
	var wg sync.WaitGroup
	var refused atomic.Int64
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.Svc.AuthenticatePassword(context.Background(), "root", fmt.Sprint("guess-", i), fmt.Sprintf("10.8.0.%d", i))
			if explorer.AsError(err).Code == explorer.ETHROTTLED {
				refused.Add(1)
			}
		}()
	}
	wg.Wait()
	if refused.Load() == 0 {
		t.Fatal("no guess was refused by a pool of one slot and one place")
	}
	if got := refusedMetric(t, m); got != float64(refused.Load()) {
		t.Fatalf("metric says %v refused, %d were", got, refused.Load())
	}
}

func refusedMetric(t *testing.T, m *server.Metrics) float64 {
	t.Helper()
	w := httptest.NewRecorder()
	m.HTTPHandler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(w.Body)
	got := regexp.MustCompile(`(?m)^explorer_password_checks_refused_total (\S+)$`).FindSubmatch(body)
	if got == nil {
		t.Fatalf("no explorer_password_checks_refused_total in /metrics:\n%s", body)
	}
	v, err := strconv.ParseFloat(string(got[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
