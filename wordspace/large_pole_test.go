package wordspace

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"explorer"
)

// largePoleSize is the most terms a pole holds (explorer.PolePartsMax),
// and largePoleQuery the strongest of them a suggestion is computed from
// (explorer.SuggestQueryTerms).
const (
	largePoleSize  = explorer.PolePartsMax
	largePoleQuery = explorer.SuggestQueryTerms
)

// largePole is the n words nearest to the word seed, the hardest pole for
// a suggestion: most neighbours of its strongest terms are its own terms,
// so their candidate lists run out and are searched. Every third term is
// upper-cased, as a person may write it.
func largePole(tb testing.TB, s *Space, seed string, n int) []string {
	tb.Helper()
	v, _, ok := s.TermVector(seed)
	if !ok {
		tb.Fatalf("no %q", seed)
	}
	hits, err := s.searchExact(context.Background(), [][]float32{v}, n)
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]string, len(hits[0]))
	for i, h := range hits[0] {
		out[i] = s.Word(int(h.id))
		if i%3 == 2 {
			out[i] = strings.ToUpper(out[i])
		}
	}
	return out
}

func weighted(terms []string) []explorer.WeightedTerm {
	out := make([]explorer.WeightedTerm, len(terms))
	for i, t := range terms {
		out[i] = explorer.WeightedTerm{Term: t, Weight: 1}
	}
	return out
}

// TestSuggestExcludingLargePole: a suggestion for a 10,000-term pole
// computed from its strongest terms never suggests any of the 10,000
// (nor a case variant of one), though the strongest terms alone would.
func TestSuggestExcludingLargePole(t *testing.T) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pole := largePole(t, s, "warm", largePoleSize)
	in := map[string]bool{}
	for _, w := range pole {
		in[Fold(w)] = true
	}
	ctx := context.Background()
	query := weighted(pole[:largePoleQuery])
	got, err := s.SuggestExcluding(ctx, query, pole[largePoleQuery:], 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no suggestion")
	}
	for _, g := range got {
		if in[Fold(g.Term)] {
			t.Errorf("pole term %q suggested", g.Term)
		}
	}
	alone, err := s.Suggest(ctx, query, 20)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(alone, func(g explorer.PoleSuggestion) bool { return in[Fold(g.Term)] }) {
		t.Fatal("the strongest terms alone suggest none of the others: the test proves nothing")
	}
	// Without exclusions SuggestExcluding is Suggest.
	if again, _ := s.SuggestExcluding(ctx, query, nil, 20); !slices.Equal(again, alone) {
		t.Fatal("SuggestExcluding without exclusions differs from Suggest")
	}
}

// BenchmarkSuggestDefault10000 times a suggestion for a 10,000-term pole
// on the embedded English space as the service computes it (the
// explorer.SuggestQueryTerms strongest terms, the others excluded), and
// reports the CPU and the median time per suggestion (goal: 100 ms).
func BenchmarkSuggestDefault10000(b *testing.B) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	pole := largePole(b, s, "warm", largePoleSize)
	query, exclude := weighted(pole[:largePoleQuery]), pole[largePoleQuery:]
	samples := max(b.N, 11)
	var times []time.Duration
	c0 := cpuTime()
	b.ResetTimer()
	for range samples {
		t := time.Now()
		if _, err := s.SuggestExcluding(context.Background(), query, exclude, 20); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(samples), "cpu-ms/op")
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
}
