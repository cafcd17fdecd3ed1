package testkit

import (
	"context"
	"math"
	"sort"
	"strings"
	"sync"

	explorer "explorer"
)

// FakeWordSpaces is a deterministic explorer.WordSpaces for tests. It
// suggests the candidates of a language in their order, with made-up
// scores, keeping the interface's rule as package wordspace does: no
// candidate with the TermKey of a term it was given (pole or declined) or
// of an excluded one, at most limit of them.
type FakeWordSpaces struct {
	// Candidates maps a ready language (upper case) to its candidates.
	Candidates map[string][]string
	// Loading lists languages whose space is still loading.
	Loading map[string]bool
	// RetryAfter is the Retry-After of a loading space (default 5).
	RetryAfter int
	// Hold, when not nil, makes Suggest wait for a value from it before
	// answering, or answer ctx.Err() (unwrapped, as a search does) when its
	// context ends first: a suggestion that takes its time.
	Hold chan struct{}

	mu    sync.Mutex
	calls []SuggestCall
}

// SuggestCall records one call of Suggest.
type SuggestCall struct {
	Language string
	Terms    []explorer.WeightedTerm
	Exclude  []string
	Limit    int
}

var _ explorer.WordSpaces = (*FakeWordSpaces)(nil)

// WithWordSpaces is an option of New that serves suggestions from ws.
func WithWordSpaces(ws explorer.WordSpaces) func(*explorer.Options) {
	return func(o *explorer.Options) { o.WordSpaces = ws }
}

// Calls returns the calls of Suggest so far.
func (f *FakeWordSpaces) Calls() []SuggestCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]SuggestCall(nil), f.calls...)
}

func (f *FakeWordSpaces) check(lang string) error {
	if f.Loading[lang] {
		ra := f.RetryAfter
		if ra == 0 {
			ra = 5
		}
		return &explorer.Error{Code: explorer.EUNAVAILABLE, Message: "the word space of " + lang + " is still loading", RetryAfter: ra}
	}
	if _, ok := f.Candidates[lang]; !ok {
		var langs []string
		for l := range f.Candidates {
			langs = append(langs, l)
		}
		sort.Strings(langs)
		return explorer.Errorf(explorer.ECONFLICT, "no word space for language %s; available: %s", lang, strings.Join(langs, ", "))
	}
	return nil
}

// Suggest answers every candidate of language with scores falling in
// order: cosine 0.9, 0.89, …; neighbourCounter the number of terms.
func (f *FakeWordSpaces) Suggest(ctx context.Context, language string, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	f.mu.Lock()
	f.calls = append(f.calls, SuggestCall{Language: language, Terms: append([]explorer.WeightedTerm(nil), terms...),
		Exclude: append([]string(nil), exclude...), Limit: limit})
	f.mu.Unlock()
	if f.Hold != nil {
		select {
		case <-f.Hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if err := f.check(language); err != nil {
		return nil, err
	}
	known := make(map[string]bool, len(terms)+len(exclude))
	for _, t := range terms {
		known[explorer.TermKey(t.Term)] = true
	}
	for _, t := range exclude {
		known[explorer.TermKey(t)] = true
	}
	out := []explorer.PoleSuggestion{}
	for i, c := range f.Candidates[language] {
		if len(out) == limit {
			break
		}
		if known[explorer.TermKey(c)] {
			continue
		}
		s := explorer.PoleSuggestion{Term: c, Cosine: 0.9 - 0.01*float64(i), NeighbourCounter: len(terms), Frequency: 100 - i}
		if len(terms) > 0 {
			s.ForWord = terms[0].Term
			s.SumCosine = s.Cosine * terms[0].Weight
		}
		out = append(out, s)
	}
	return out, nil
}

// Neighbours answers the candidates of language as neighbours of term.
func (f *FakeWordSpaces) Neighbours(ctx context.Context, language, term string, k int) ([]explorer.Neighbour, error) {
	if err := f.check(language); err != nil {
		return nil, err
	}
	var out []explorer.Neighbour
	for i, c := range f.Candidates[language] {
		if i == k {
			break
		}
		out = append(out, explorer.Neighbour{Term: c, Cosine: 0.9 - 0.01*float64(i)})
	}
	return out, nil
}

// Similarities answers 1/(i+2) for the candidate i of language's list
// (the closer the earlier), times the weights of the terms not declined,
// and NaN for a word not in the list (a word the space does not hold).
func (f *FakeWordSpaces) Similarities(ctx context.Context, language string, terms []explorer.WeightedTerm, candidates []string) ([]float64, error) {
	if err := f.check(language); err != nil {
		return nil, err
	}
	w := 0.0
	for _, t := range terms {
		if !t.Declined {
			w += t.Weight
		}
	}
	out := make([]float64, len(candidates))
	for j, c := range candidates {
		out[j] = math.NaN()
		for i, k := range f.Candidates[language] {
			if explorer.TermKey(k) == explorer.TermKey(c) {
				out[j] = w / float64(i+2)
				break
			}
		}
	}
	return out, nil
}

// Kinship answers NaN for every other word (a fake space knows no
// kinship: exploring groups by the texts alone).
func (f *FakeWordSpaces) Kinship(ctx context.Context, language, term string, others []string) ([]float64, error) {
	if err := f.check(language); err != nil {
		return nil, err
	}
	out := make([]float64, len(others))
	for i := range out {
		out[i] = math.NaN()
	}
	return out, nil
}

// Status reports ready and loading languages.
func (f *FakeWordSpaces) Status() []explorer.WordSpaceStatus {
	var out []explorer.WordSpaceStatus
	for l, c := range f.Candidates {
		out = append(out, explorer.WordSpaceStatus{Language: l, Ready: !f.Loading[l], Words: len(c)})
	}
	for l := range f.Loading {
		if _, ok := f.Candidates[l]; !ok {
			out = append(out, explorer.WordSpaceStatus{Language: l, Progress: 0.5})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Language < out[j].Language })
	return out
}
