package api_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// BenchmarkSuggestPole10000 times GET /v1/poles/{id}/suggest through the
// app (authentication, the pole read from SQLite, the suggestion on the
// embedded English space, the answer encoded) for a pole of 10,000 terms:
// "warm" and its nearest words, the hardest for the suggestion (the
// neighbours of its strongest terms are its own). It reports the CPU and
// the median time per request (goal: 100 ms).
func BenchmarkSuggestPole10000(b *testing.B) {
	reg := wordspace.NewRegistry(nil)
	reg.LoadDefault()
	if err := reg.Wait(context.Background()); err != nil {
		b.Fatal(err)
	}
	e := testkit.New(b, testkit.WithWordSpaces(reg))
	e.AddUser("ann", "")
	near, err := reg.Neighbours(context.Background(), "EN", "warm", explorer.PolePartsMax-1)
	if err != nil {
		b.Fatal(err)
	}
	parts := []poles.PartInput{{Term: "warm"}}
	for _, n := range near {
		parts = append(parts, poles.PartInput{Term: n.Term})
	}
	p, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Language: "EN", Parts: parts})
	if err != nil {
		b.Fatal(err)
	}
	path := fmt.Sprintf("/v1/poles/%d/suggest?limit=20", p.ID)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(b, 200)
	samples := max(b.N, 11)
	var times []time.Duration
	c0 := processCPU(b)
	b.ResetTimer()
	for range samples {
		t := time.Now()
		e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(b, 200)
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(float64((processCPU(b)-c0).Microseconds())/1000/float64(samples), "cpu-ms/op")
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
}
