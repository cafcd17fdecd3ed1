package analysis

import (
	"math"
	"slices"
	"strings"
)

// Salience parameters.
const (
	// keynessSmoothing is the k of Kilgarriff's "simple maths" keyness,
	// (fpm + k) / (background fpm + k), in occurrences per million words:
	// it keeps rare words from topping the list on one or two texts.
	keynessSmoothing = 10
	// minKeyness: with a background list, a term the texts use less often
	// than the language does is general vocabulary. (2 lost subjects the
	// background's news use a lot: "game" in Debian's descriptions.)
	minKeyness = 1
	// zipfTop is Zipf's constant: the word of rank r has a probability of
	// about zipfTop / r in running text.
	zipfTop = 0.1
	// minPhraseNPMI is the least normalized PMI of two consecutive terms
	// for them to be a phrase ("command line", "web server").
	minPhraseNPMI = 0.5
)

// Candidate is a term or phrase that may title a topic, with its counts
// and its salience.
type Candidate struct {
	Term  string
	Docs  int
	Count int
	// Keyness is how many times more often the texts use the term than the
	// language does (1 without a background list).
	Keyness float64
	Phrase  bool
	// Score orders candidates: by frequency and keyness (Candidates), then
	// also by the specificity of the contexts (RankSalient).
	Score float64
}

// Candidates returns the terms and phrases of counter that may title a
// topic, best first: those in at least exploreMinDocs texts (and one in
// exploreMinDocsPer), in at most BoilerplateShare of them, and, with a
// background list (lex.Rank), at least minKeyness times as frequent as in
// the language. They are scored ln(1+docs)·√ln(1+keyness) (ln(1+docs)
// without a background list): the root keeps names that the background
// lacks (their keyness is huge) from outranking every subject.
func Candidates(counter *Counter, lex Lexicon) []Candidate {
	return candidatesFrom(counter, lex, exploreMinDocs)
}

// candidatesFrom is Candidates with least texts instead of exploreMinDocs.
func candidatesFrom(counter *Counter, lex Lexicon, least int) []Candidate {
	docs := counter.Docs()
	lo := max(least, docs/exploreMinDocsPer)
	hi := int(BoilerplateShare * float64(docs))
	var out []Candidate
	keep := func(c Candidate) {
		if c.Docs < lo || c.Docs > hi {
			return
		}
		c.Keyness = keyness(c, counter.Words(), lex)
		if lex.Rank != nil && c.Keyness < minKeyness {
			return
		}
		c.Score = math.Log1p(float64(c.Docs))
		if lex.Rank != nil {
			c.Score *= math.Sqrt(math.Log1p(c.Keyness))
		}
		out = append(out, c)
	}
	for _, tc := range counter.terms {
		keep(Candidate{Term: tc.Term, Docs: tc.Docs, Count: tc.Count})
	}
	for _, c := range Phrases(counter, lo) {
		keep(c)
	}
	slices.SortFunc(out, compareCandidates)
	return out
}

func compareCandidates(a, b Candidate) int {
	if a.Score != b.Score {
		if a.Score > b.Score {
			return -1
		}
		return 1
	}
	return strings.Compare(a.Term, b.Term)
}

// keyness is Kilgarriff's simple-maths keyness of c against the background
// frequency that its rank gives by Zipf's law (a word the list lacks is
// taken as half as frequent as its last word, a phrase it lacks as key as
// the geometric mean of its words' keyness at the phrase's count); 1
// without a list.
func keyness(c Candidate, words int, lex Lexicon) float64 {
	if lex.Rank == nil || words == 0 {
		return 1
	}
	fpm := float64(c.Count) / float64(words) * 1e6
	r := lex.Rank(c.Term)
	if r <= 0 && c.Phrase {
		// A phrase the list lacks is as key as its words are, together.
		a, b, _ := phraseEnds(c.Term)
		ka := keyness(Candidate{Term: a, Count: c.Count}, words, lex)
		kb := keyness(Candidate{Term: b, Count: c.Count}, words, lex)
		return math.Sqrt(ka * kb)
	}
	if r <= 0 {
		r = 2 * max(lex.Size, 1)
	}
	bg := zipfTop / float64(r) * 1e6
	return (fpm + keynessSmoothing) / (bg + keynessSmoothing)
}

// Phrases returns the collocations of counter: pairs of consecutive terms,
// or of terms linked by one stop word ("mot de passe"), seen at least
// minCount times whose normalized PMI (Bouma 2009, from the
// word counts) is at least minPhraseNPMI. Their Docs is their count (an
// upper bound of the texts holding them).
func Phrases(counter *Counter, minCount int) []Candidate {
	n := float64(counter.Words())
	var out []Candidate
	for b, kp := range counter.bigrams {
		k := *kp
		if k < minCount {
			continue
		}
		first, second, _ := phraseEnds(b)
		a, c := counter.terms[first], counter.terms[second]
		if a == nil || c == nil {
			continue
		}
		pab := float64(k) / n
		pmi := math.Log(pab / (float64(a.Count) / n * float64(c.Count) / n))
		if npmi := pmi / -math.Log(pab); npmi >= minPhraseNPMI {
			out = append(out, Candidate{Term: b, Docs: k, Count: k, Phrase: true})
		}
	}
	return out
}

// Features returns the context words: the n terms in most texts, leaving
// out those in more than BoilerplateShare of the texts and those in a
// single text.
func Features(counter *Counter, n int) []string {
	hi := int(BoilerplateShare * float64(counter.Docs()))
	var out []string
	for _, tc := range counter.Top(counter.Len()) {
		if len(out) == n {
			break
		}
		if tc.Docs > hi {
			continue
		}
		if tc.Docs < 2 {
			break
		}
		out = append(out, tc.Term)
	}
	return out
}
