package wordspace

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"explorer"
	"explorer/analysis"
)

// projectTexts generates n customer comments about drinks and food in
// which the made-up word "zorblax" is used as "coffee" is (in the same
// sentences, as often), and other words in their own contexts.
func projectTexts(n int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	drinks := []string{"coffee", "zorblax", "tea", "juice"}
	foods := []string{"bread", "cake", "soup", "salad", "pasta"}
	moods := []string{"great", "awful", "fine", "lovely", "cold", "hot", "bitter", "sweet"}
	tmpl := []string{
		"the %s was %s and the %s was %s",
		"I ordered a cup of %s, it was %s; the %s was %s",
		"we had %s with our breakfast, very %s, and %s that was %s",
		"my %s tasted %s but the %s tasted %s",
		"a pot of %s, %s, then some %s, %s",
	}
	out := make([]string, n)
	for i := range out {
		t := tmpl[rng.IntN(len(tmpl))]
		out[i] = fmt.Sprintf(t, drinks[rng.IntN(2)], moods[rng.IntN(len(moods))],
			foods[rng.IntN(len(foods))], moods[rng.IntN(len(moods))])
		if rng.IntN(3) == 0 {
			out[i] += fmt.Sprintf(" and a glass of %s", drinks[2+rng.IntN(2)])
		}
	}
	return out
}

func eachText(texts []string) func(func(string)) error {
	return func(fn func(string)) error {
		for _, t := range texts {
			fn(t)
		}
		return nil
	}
}

// A made-up word used like "coffee" is suggested for a pole of coffee, to
// the account whose project taught it only.
func TestProjectSpaceLearnsMadeUpWord(t *testing.T) {
	ps, mem := NewProjectSpaces(), newMemStore()
	info, err := ps.BuildProjectSpace(context.Background(), "en", eachText(projectTexts(3000, 1)), mem.keep(7, 70, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Language != "EN" || info.Texts != 3000 || info.Words < 20 {
		t.Fatalf("info %+v", info)
	}
	pole := []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}
	got, err := ps.SuggestFromProjects(context.Background(), mem.spaces(7, "EN"), pole, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Term != "zorblax" {
		t.Fatalf("account 7's suggestions for coffee: %+v", got)
	}
	for _, other := range []struct {
		account int64
		lang    string
	}{{8, "EN"}, {7, "SV"}} {
		got, err := ps.SuggestFromProjects(context.Background(), mem.spaces(other.account, other.lang), pole, nil, 5)
		if err != nil || len(got) != 0 {
			t.Errorf("account %d, %s: %+v, %v", other.account, other.lang, got, err)
		}
	}
	// A new build replaces the loaded space; deleting the project forgets it.
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(500, 2)), mem.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	mem.remove(70)
	if got, _ := ps.SuggestFromProjects(context.Background(), mem.spaces(7, "EN"), pole, nil, 5); len(got) != 0 {
		t.Errorf("after removal: %+v", got)
	}
}

// A project space holds the texts' function words (the, was, and), but
// they are never suggested: the language table's stop words, as the
// analysis folds them, are left out.
func TestProjectSpaceSuggestsNoStopWords(t *testing.T) {
	ps, mem := NewProjectSpaces(), newMemStore()
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(3000, 1)), mem.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	s, err := Embedded(mem.data[70], LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"the", "was", "and"} {
		if _, ok := s.Lookup(w); !ok {
			t.Fatalf("the space should hold the texts' function word %q", w)
		}
	}
	pole := []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}
	got, err := ps.SuggestFromProjects(context.Background(), mem.spaces(7, "EN"), pole, nil, 100)
	if err != nil || len(got) < 10 {
		t.Fatalf("suggestions %+v, %v", got, err)
	}
	for _, sg := range got {
		if analysis.IsStopWord(sg.Term, "EN") {
			t.Errorf("stop word %q suggested", sg.Term)
		}
	}
}

// Hostile texts: ever new words, huge texts and nothing repeated cost
// bounded memory and end in a clear error or a bounded space.
func TestProjectSpaceHostileTexts(t *testing.T) {
	ps, mem := NewProjectSpaces(), newMemStore()
	unique := func(fn func(string)) error {
		for i := 0; i < 200000; i++ {
			fn(fmt.Sprintf("w%dx w%dy", i, i))
		}
		return nil
	}
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", unique, mem.keep(1, 1, "EN")); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Errorf("no repeated word: %v", err)
	}
	huge := strings.Repeat("alpha beta gamma ", 1<<20)
	info, err := ps.BuildProjectSpace(context.Background(), "EN", eachText([]string{huge, huge}), mem.keep(1, 2, "EN"))
	if err != nil || info.Words != 3 {
		t.Errorf("huge texts: %+v, %v", info, err)
	}
	if _, err := ps.BuildProjectSpace(context.Background(), "xx", eachText([]string{"a b c"}), mem.keep(1, 3, "xx")); err == nil {
		t.Error("language xx accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stop := func(fn func(string)) error { return ctx.Err() }
	if _, err := ps.BuildProjectSpace(ctx, "EN", stop, mem.keep(1, 4, "EN")); err == nil {
		t.Error("cancelled build succeeded")
	}
}

// TestProjectSpace100000 reports what training on 100,000 texts costs
// (EXPLORER_PROJECT_BENCH=1: time and peak heap).
func TestProjectSpace100000(t *testing.T) {
	if os.Getenv("EXPLORER_PROJECT_BENCH") == "" {
		t.Skip("set EXPLORER_PROJECT_BENCH=1")
	}
	// Texts of 5–30 words: half a comment of projectTexts, the rest drawn
	// from 60,000 made-up word forms by a Zipf law (as the words of
	// real comments are), so the vocabulary is that of a large project.
	texts := projectTexts(100000, 3)
	rng := rand.New(rand.NewPCG(3, 4))
	zipf := rand.NewZipf(rand.New(rand.NewPCG(5, 6)), 1.1, 2, 59999)
	vocab := map[string]bool{}
	var b strings.Builder
	for i := range texts {
		b.Reset()
		b.WriteString(texts[i])
		for range rng.IntN(20) {
			fmt.Fprintf(&b, " w%d", zipf.Uint64())
		}
		texts[i] = b.String()
		for _, w := range strings.Fields(texts[i]) {
			vocab[w] = true
		}
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	peak := before.HeapAlloc
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapAlloc)
			}
		}
	}()
	began := time.Now()
	ps, mem := NewProjectSpaces(), newMemStore()
	info, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(texts), mem.keep(1, 1, "EN"))
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("100,000 texts (%d distinct tokens): %d words, %.2f s, peak heap +%.1f MiB, file %.1f MB",
		len(vocab), info.Words, time.Since(began).Seconds(), float64(peak-before.HeapAlloc)/(1<<20), float64(len(mem.data[1]))/1e6)
	got, err := ps.SuggestFromProjects(context.Background(), mem.spaces(1, "EN"), []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}, nil, 10)
	if err != nil || !slices.ContainsFunc(got, func(sg explorer.PoleSuggestion) bool { return sg.Term == "zorblax" }) {
		t.Fatalf("coffee: %+v, %v", got, err)
	}
}

// One training at a time: a second one waits, and gives up with
// EUNAVAILABLE when its context ends first.
func TestProjectSpaceOneBuildAtATime(t *testing.T) {
	ps, mem := NewProjectSpaces(), newMemStore()
	started, release := make(chan struct{}, 1), make(chan struct{}) // started buffered: the build may get there first
	slow := func(fn func(string)) error {
		select {
		case started <- struct{}{}:
			<-release
		default:
		}
		for _, s := range projectTexts(200, 1) {
			fn(s)
		}
		return nil
	}
	done := make(chan error, 1)
	go func() {
		_, err := ps.BuildProjectSpace(context.Background(), "EN", slow, mem.keep(1, 1, "EN"))
		done <- err
	}()
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := ps.BuildProjectSpace(ctx, "EN", eachText(projectTexts(200, 2)), mem.keep(2, 2, "EN")); explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Errorf("second build while one runs: %v", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(200, 2)), mem.keep(2, 2, "EN")); err != nil {
		t.Errorf("after the first ended: %v", err)
	}
}
