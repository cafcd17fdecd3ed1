//go:build unix

package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"syscall"
	"testing"
	"time"

	explorer "explorer"
	"explorer/domains"
	"explorer/internal/server"
	"explorer/internal/testkit"
	"explorer/models"
)

// processCPU returns the CPU time (user and system) the process has used.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuMillisPer returns the process CPU milliseconds per call of n calls of
// fn, and the wall milliseconds per call.
func cpuMillisPer(tb testing.TB, n int, fn func(i int)) (cpu, wall float64) {
	start, cpu0 := time.Now(), processCPU(tb)
	for i := 0; i < n; i++ {
		fn(i)
	}
	cpuUsed := processCPU(tb) - cpu0
	return float64(cpuUsed.Microseconds()) / 1000 / float64(n), float64(time.Since(start).Microseconds()) / 1000 / float64(n)
}

// oneTermEdit changes one term of a random topic of groups in place.
func oneTermEdit(r *rand.Rand, groups []explorer.Group, edit int) {
	g := &groups[r.IntN(len(groups))]
	t := &g.Topics[r.IntN(len(g.Topics))]
	t.Terms[r.IntN(len(t.Terms))] = fmt.Sprintf("edited term %d", edit)
}

// wireGroups are groups as the interface names their members (the
// kernel's types carry no JSON names: marshalled as they are, they would
// send "ID", "Title", ..., which the server reads on its slower path for
// unusual spellings, as no client sends them).
func wireGroups(groups []explorer.Group) []map[string]any {
	out := make([]map[string]any, len(groups))
	for i, g := range groups {
		topics := make([]map[string]any, len(g.Topics))
		for j, t := range g.Topics {
			topics[j] = map[string]any{"id": t.ID, "title": t.Title, "terms": t.Terms}
		}
		out[i] = map[string]any{"id": g.ID, "title": g.Title, "pinned": g.Pinned, "topics": topics}
	}
	return out
}

// copyGroups copies groups deeply enough for oneTermEdit.
func copyGroups(in []explorer.Group) []explorer.Group {
	out := make([]explorer.Group, len(in))
	for i, g := range in {
		g.Topics = append([]explorer.Topic(nil), g.Topics...)
		for j := range g.Topics {
			g.Topics[j].Terms = append([]string(nil), g.Topics[j].Terms...)
			g.Topics[j].Dictionary = nil
		}
		out[i] = g
	}
	return out
}

// BenchmarkModelVersions measures what versions of a 300-topic model (30
// groups × 10 topics × 10 terms) cost: the database growth of 1,000
// one-term edits through the Service (MB per 1,000 edits, SQLite pages
// after a checkpoint), the process CPU per PUT through the Service and
// through HTTP on the served path (beside /healthz in the same run), and
// the time to read a random version from the store and, with a cold
// version cache, through HTTP. Goals: ≤ 3 MB per 1,000 edits, ≤ 1.5 ms of
// CPU per PUT, reads no slower than whole-model versions.
func BenchmarkModelVersions(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchModelVersions(b)
	}
}

func benchModelVersions(b *testing.B) {
	// Thousands of PUTs a minute: far past the writes-per-minute budget.
	e := testkit.New(b, func(o *explorer.Options) { o.Budgets.WritesPerMinute = 1 << 30 })
	e.AddUser("ann", "")
	id := bigModel(b, e, "ann", 30, 10, 10)
	ctx := e.As("ann")
	m, err := e.Svc.Model(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	groups := copyGroups(m.Groups)
	r := rand.New(rand.NewPCG(1, 2))
	size0, err := e.DB.SpaceUsed(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	const edits = 1000
	svcCPU, svcWall := cpuMillisPer(b, edits, func(i int) {
		oneTermEdit(r, groups, i)
		if _, err := e.Svc.UpdateModel(ctx, id, models.ModelInput{Groups: &groups}); err != nil {
			b.Fatal(err)
		}
	})
	size1, err := e.DB.SpaceUsed(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(size1-size0)/1e6*1000/edits, "MB/1000edits")
	b.ReportMetric(svcCPU, "svc_cpu_ms/put")
	b.ReportMetric(svcWall, "svc_wall_ms/put")
	benchHTTPPuts(b, e, id, r, groups)
	benchVersionReads(b, e, id, r)
}

// benchHTTPPuts sends one-term edits as PUT /v1/models/{id} over one
// kept-alive connection, after as many GET /healthz and as many PUT
// /healthz with such bodies (refused: the client's share, encoding the
// body included, and the transport's), and reports the CPU of each and of
// the handling of a PUT (the PUT less the refused one).
func benchHTTPPuts(b *testing.B, e *testkit.Env, id int64, r *rand.Rand, groups []explorer.Group) {
	base := e.Serve()
	client := &http.Client{}
	defer client.CloseIdleConnections()
	const n = 1000
	send := func(method, url string, body []byte, want ...int) {
		req, _ := http.NewRequest(method, url, bytes.NewReader(body))
		req.SetBasicAuth("ann", testkit.Password)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if !slices.Contains(want, resp.StatusCode) {
			b.Fatalf("%s %s: %d", method, url, resp.StatusCode)
		}
	}
	edit := func(i int) []byte {
		oneTermEdit(r, groups, i)
		body, err := json.Marshal(map[string]any{"groups": wireGroups(groups)})
		if err != nil {
			b.Fatal(err)
		}
		return body
	}
	send("GET", base+"/healthz", nil, 200)
	healthCPU, _ := cpuMillisPer(b, n, func(int) { send("GET", base+"/healthz", nil, 200) })
	transportCPU, _ := cpuMillisPer(b, n, func(i int) { send("PUT", base+"/healthz", edit(10_000+i), 404, 405) })
	url := fmt.Sprintf("%s/v1/models/%d", base, id)
	putCPU, putWall := cpuMillisPer(b, n, func(i int) { send("PUT", url, edit(20_000+i), 204) })
	b.ReportMetric(healthCPU, "healthz_cpu_ms/op")
	b.ReportMetric(transportCPU, "healthz_put_cpu_ms/op")
	b.ReportMetric(putCPU, "http_cpu_ms/put")
	b.ReportMetric(putCPU-transportCPU, "http_handler_cpu_ms/put")
	b.ReportMetric(putWall, "http_wall_ms/put")
	b.ReportMetric(float64(len(edit(0)))/1000, "put_body_KB")
}

// benchVersionReads reads random versions from the store, and through
// HTTP from a second server on the same database whose version cache is
// cold, and reports the wall and CPU time per version (the CPU time is
// steadier on a busy machine).
func benchVersionReads(b *testing.B, e *testkit.Env, id int64, r *rand.Rand) {
	ctx := context.Background()
	m, err := e.Svc.Model(e.As("ann"), id)
	if err != nil {
		b.Fatal(err)
	}
	const n = 200
	versions := r.Perm(m.Version)[:n]
	storeCPU, storeWall := cpuMillisPer(b, n, func(i int) {
		if _, err := e.DB.FindModelVersion(ctx, id, versions[i]+1); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(storeWall, "store_read_ms/version")
	b.ReportMetric(storeCPU, "store_read_cpu_ms/version")
	app, err := server.New(domains.New(e.DB, e.Options), server.Config{Logger: e.Options.Logger})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	defer app.ShutdownWithTimeout(5 * time.Second)
	client := &http.Client{}
	defer client.CloseIdleConnections()
	base := fmt.Sprintf("http://%s/v1/models/%d/versions/", ln.Addr(), id)
	httpCPU, httpWall := cpuMillisPer(b, n, func(i int) {
		req, _ := http.NewRequest("GET", fmt.Sprint(base, versions[i]+1), nil)
		req.SetBasicAuth("ann", testkit.Password)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("version %d: %d", versions[i]+1, resp.StatusCode)
		}
	})
	b.ReportMetric(httpWall, "http_cold_read_ms/version")
	b.ReportMetric(httpCPU, "http_cold_read_cpu_ms/version")
}
