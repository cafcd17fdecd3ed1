package explorer

import (
	"context"

	"explorer/analysis"
)

// PolePartsMax is the most parts one pole holds (package wordspace's
// tests measure a pole this large).
const PolePartsMax = 10000

// TermKey is the identity of a term (analysis.TermKey): trimmed and lower
// case. A pole holds each key once, a topic each term, a model each
// ignore term.
func TermKey(term string) string { return analysis.TermKey(term) }

// SuggestQueryTerms bounds what a suggestion costs whatever the pole's
// size: it is computed from the pole's strongest terms only, at most this
// many (by weight, descending; among equal weights the earlier in the
// pole first). The pole's other terms are still never suggested.
const SuggestQueryTerms = 50

// WeightedTerm is a pole term with its weight, the input of suggestions.
// A Declined term is one the pole's editors turned down: it is never
// suggested, brings no candidates of its own, and candidates near it rank
// lower (Weight is then the strength of that push, 1 by default).
type WeightedTerm struct {
	Term     string
	Weight   float64
	Declined bool
}

// PoleSuggestion is one suggested term for a pole; the fields are defined in
// DECISIONS.md (Poles).
type PoleSuggestion struct {
	Term             string
	ForWord          string
	Cosine           float64
	SumCosine        float64
	NeighbourCounter int
	Frequency        int
	Reciprocal       bool
	StringSimilarity bool
}

// Neighbour is a term near another one in a word space.
type Neighbour struct {
	Term   string
	Cosine float64
}

// WordSpaceStatus tells whether the word space of a language is ready.
type WordSpaceStatus struct {
	Language string
	Ready    bool
	// OnFirstUse: ready, but not read yet: it loads at its first use
	// (Words is then what is known before reading it, 0 when unknown).
	OnFirstUse bool
	Progress   float64 // 0..1 while loading
	Words      int
	Error      string
}

// Word space states, as /readyz and the home page name them.
const (
	SpaceReady      = "ready"
	SpaceOnFirstUse = "loads on first use"
	SpaceLoading    = "loading"
	SpaceFailed     = "failed"
)

// State names the space's state (SpaceReady, ...).
func (s WordSpaceStatus) State() string {
	switch {
	case s.Error != "":
		return SpaceFailed
	case !s.Ready:
		return SpaceLoading
	case s.OnFirstUse:
		return SpaceOnFirstUse
	}
	return SpaceReady
}

// WordSpaces gives access to the word spaces of the configured languages.
// Implemented by package wordspace.
//
// Suggest computes the suggestions from terms and never suggests a term
// of terms or of exclude, nor one with the same TermKey: this is the one
// place a pole's own and declined terms are left out of its suggestions
// (package wordspace compares by Fold, which a test proves to be TermKey
// with word separators as spaces).
//
// Similarities answers, for each candidate, the sum over terms (Declined
// ones left out) of weight × cosine in the language's space: how close the
// space puts the candidate to a pole's terms; NaN for a candidate it does
// not hold (a term it does not hold adds nothing). It ranks the words of an account's texts "with the
// general space" (pole_sense.go).
//
// Kinship answers the cosines of term with each of others where the
// language's space holds how alike two things are (a space learnt from
// text): exploring groups kin topics by it. NaN for a word it does not
// hold, and for every one in a thesaurus's space (synonymy only).
//
// Suggest, Neighbours, Similarities and Kinship answer an *Error with EUNAVAILABLE (and RetryAfter)
// while the language's space is loading, and ECONFLICT naming the available
// languages when the language has no space.
type WordSpaces interface {
	Suggest(ctx context.Context, language string, terms []WeightedTerm, exclude []string, limit int) ([]PoleSuggestion, error)
	Neighbours(ctx context.Context, language, term string, k int) ([]Neighbour, error)
	Similarities(ctx context.Context, language string, terms []WeightedTerm, candidates []string) ([]float64, error)
	Kinship(ctx context.Context, language, term string, others []string) ([]float64, error)
	Status() []WordSpaceStatus
}
