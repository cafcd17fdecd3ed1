package api_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"

	"golang.org/x/crypto/bcrypt"
)

// TestSignedInUserUnderPasswordFlood measures item 2's figure: the p50 of
// a signed-in user's writes (Bearer token, over a real listener) while
// 20 clients send wrong Basic passwords as fast as they can, with real
// bcrypt (cost 10). Heavy: it runs only with EXPLORER_MEASURE=1. slots is
// the pool's size (EXPLORER_HASH_SLOTS, default the server's).
func TestSignedInUserUnderPasswordFlood(t *testing.T) {
	if os.Getenv("EXPLORER_MEASURE") == "" {
		t.Skip("set EXPLORER_MEASURE=1 to measure")
	}
	slots := 0
	fmt.Sscan(os.Getenv("EXPLORER_HASH_SLOTS"), &slots)
	e := testkit.New(t, func(o *explorer.Options) {
		o.Hasher = explorer.BcryptHasher{Cost: bcrypt.DefaultCost}
		o.HashSlots = slots
		// 20 addresses' worth of throttle: the test's clients share one.
		o.UserFailures, o.AddrFailures, o.AccountFailures = 1<<20, 1<<20, 1<<20
	})
	e.AddUser("ann", "")
	e.AddUser("root", explorer.RoleAdmin)
	tok, err := e.Svc.CreateToken(e.As("ann"), "ann", "m")
	if err != nil {
		t.Fatal(err)
	}
	base := e.Serve()
	p50 := func() time.Duration {
		var took []time.Duration
		for i := range 40 {
			req, _ := http.NewRequest("POST", base+"/v1/poles", strings.NewReader(fmt.Sprintf(`{"name":"p%d","language":"EN"}`, i)))
			req.Header.Set("Authorization", "Bearer "+tok.Secret)
			req.Header.Set("Content-Type", "application/json")
			start := time.Now()
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			took = append(took, time.Since(start))
			time.Sleep(20 * time.Millisecond)
		}
		slices.Sort(took)
		return took[len(took)/2]
	}
	quiet := p50()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var codes [600]atomic.Int64
	for w := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest("GET", base+"/v1/models", nil)
				req.SetBasicAuth("root", fmt.Sprintf("guess-%d-%d", w, i))
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				codes[resp.StatusCode].Add(1)
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	flood := p50()
	close(stop)
	wg.Wait()
	t.Logf("slots %d: p50 of a signed-in write %v quiet, %v under the flood; flood answers 401: %d, 429: %d", max(slots, identity.DefaultHashSlots()), quiet, flood, codes[401].Load(), codes[429].Load())
}
