package tonality

import "strings"

// induce adds a language's induced words (lexicons/xx-induced.tsv.gz, made
// offline by tools/lexicons from the nearest neighbours of frequent
// words in the language's word space) to its lexicon, below the lexicon,
// the supplement and the event words: a word the lexicon already knows
// (its own entry or a stem it begins) keeps its valence. The words added
// are recorded in lex.induced.
func induce(code string, lex *lexicon) {
	ind := readLexicon(strings.ToLower(code) + "-induced.tsv.gz")
	if len(ind.words) == 0 {
		return
	}
	lex.induced = make(map[string]bool, len(ind.words))
	for w, v := range ind.words {
		if _, ok := lex.lookup(w); ok {
			continue
		}
		lex.words[w] = v
		lex.induced[w] = true
	}
}

// Seed tells what the generator of the induced words needs of a word,
// folded as analysis.FoldTerm folds: its valence in the language's lexicon
// with the supplement and event words (not the induced words, overrides
// or learned words; ok is false when it has none), and whether it is a
// rule word (negator, intensifier, diminisher, contrast, concessive,
// conjunction, comparison, excess, wish), a stop word or a phrase's first
// word — words that must not be induced.
func (a *Analyzer) Seed(word string) (v float64, ok, rule bool) {
	w := fold(word)
	in, found := a.base.words[w]
	var info wordInfo
	if found {
		info = *in
	} else {
		info = a.base.wordInfoOf(w, a.phrases)
	}
	const notPlain = fNeg | fRule | fToo | fLessThan | fMuchThan | fWish | fWishFirst | fStop | fPhrase | fNegAfter
	rule = info.flags&notPlain != 0
	if info.flags&fLex != 0 && !a.lex.induced[w] {
		return info.lex, true, rule
	}
	return 0, false, rule
}
