package api_test

import (
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"explorer/internal/testkit"
)

// load sends n GET requests to url from workers goroutines over keep-alive
// connections and returns the rate in requests per second.
func load(tb testing.TB, url, user string, n, workers int) float64 {
	tb.Helper()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers, MaxConnsPerHost: workers}}
	defer client.CloseIdleConnections()
	var next atomic.Int64
	var failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				req, _ := http.NewRequest("GET", url, nil)
				if user != "" {
					req.SetBasicAuth(user, testkit.Password)
				}
				resp, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				// Read the answer in full so that the connection is reused.
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if f := failed.Load(); f > 0 {
		tb.Fatalf("%d of %d requests to %s failed", f, n, url)
	}
	return float64(n) / time.Since(start).Seconds()
}

// BenchmarkBasicAuthVsHealthz measures, in one run, 10,000 requests with
// one Basic credential against 10,000 requests to /healthz, and counts the
// password hashes computed for them (at most 2 are allowed).
func BenchmarkBasicAuthVsHealthz(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	base := e.Serve()
	const n, workers = 10000, 8
	var health, auth float64
	var hashes int64
	for i := 0; i < b.N; i++ {
		health = load(b, base+"/healthz", "", n, workers)
		before := e.Hasher.Compares()
		auth = load(b, base+"/v1/account/settings", "ann", n, workers)
		hashes = e.Hasher.Compares() - before
		if hashes > 2 {
			b.Fatalf("%d requests with one credential computed %d password hashes", n, hashes)
		}
	}
	b.ReportMetric(health, "healthz_req/s")
	b.ReportMetric(auth, "basic_req/s")
	b.ReportMetric(auth/health, "ratio")
	b.ReportMetric(float64(hashes), "hashes")
}

func TestBasicAuthComputesFewHashes(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	before := e.Hasher.Compares()
	load(t, base+"/v1/account/settings", "ann", 500, 4)
	if n := e.Hasher.Compares() - before; n > 2 {
		t.Fatalf("500 requests computed %d password hashes", n)
	}
}
