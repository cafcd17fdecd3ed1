package tonality

import (
	"strings"
	"unicode/utf8"

	"explorer/analysis"
)

// The word table: one map lookup a word (at tokenizing) tells all the rules
// need to know of it — its rule kinds, lexicon valence, override, learned
// valence, the phrases it starts and whether it is a stop word — instead of
// a lookup in a map per rule. It is built once per language from the rule
// words, lexicon, phrases and stop words; an analyzer with overrides or
// learned words has its own copy with those merged in. A word absent from
// the table has no flag but the ones wordInfoOf computes from its form
// (negators by suffix, lexicon stems, stop words outside ASCII).

// The flags of a word.
const (
	fNeg         uint32 = 1 << iota // a negator (rules.neg, "n't", French "n'")
	fIntens                         // an intensifier
	fDim                            // a diminisher
	fBut                            // a contrast ("but")
	fThough                         // a concessive ("although")
	fConj                           // a conjunction starting a clause after a comma
	fThan                           // a comparison marker
	fCompar                         // a comparative
	fNotOnly                        // cancels a negator before it ("not only")
	fToo                            // excess ("too")
	fLessThan                       // "less" before a comparison marker
	fMuchThan                       // "more"/"less" before a comparison marker
	fWish                           // a one-word wish
	fWishFirst                      // the first word of a two-word wish
	fStop                           // a stop word (analysis.IsStopWord)
	fLex                            // has a lexicon valence (word or stem)
	fOver                           // has an override (0 included)
	fLearned                        // has a learned valence
	fPhrase                         // starts a phrase
	fNegAfter                       // a negator of the opinion word before it (rules.negAfter: Hindi, Korean)
	fWait                           // a waiting word (rules.wait)
	fLong                           // a time long by itself after a waiting word (rules.long)
	fHours                          // a unit of hours (rules.hours)
	fMinutes                        // a unit of minutes (rules.minutes)
	fCount                          // a number word of at least waitMinutes (rules.counts)
	fFew                            // another count of hours (rules.few)
	fDescriptive                    // describes without judging (lexicon.descriptive)
)

// fRule are the rule words Learner and the "too" rule never take as plain.
const fRule = fIntens | fDim | fBut | fThough | fConj | fThan | fCompar | fNotOnly

// wordInfo is what the rules know of a folded word.
type wordInfo struct {
	key      string // the folded word
	flags    uint32
	lex      float64  // lexicon valence (fLex)
	over     float64  // override (fOver)
	learned  float64  // learned valence (fLearned)
	phrases  []phrase // the phrases it starts, longest first (fPhrase)
	wishNext []string // the second words of the two-word wishes it starts (fWishFirst)
}

// table is the word table of an analyzer.
type table struct {
	words map[string]*wordInfo
	lang  string
	lex   *lexicon
	rules *rules
}

// wordInfoOf computes what the rules know of folded word w from the
// language's data (not the overrides or learned words).
func (tb *table) wordInfoOf(w string, ps phrases) wordInfo {
	r := tb.rules
	var in wordInfo
	set := func(f uint32, ok bool) {
		if ok {
			in.flags |= f
		}
	}
	set(fNeg, r.neg[w] || tb.lang == "EN" && strings.HasSuffix(w, "n't") || tb.lang == "FR" && strings.HasPrefix(w, "n'"))
	set(fIntens, r.intens[w])
	set(fDim, r.dim[w])
	set(fBut, r.but[w])
	set(fThough, r.though[w])
	set(fConj, r.conj[w])
	set(fThan, r.than[w])
	set(fCompar, r.compar[w])
	set(fNotOnly, r.notOnly[w])
	set(fToo, r.too[w])
	set(fNegAfter, r.negAfter[w])
	set(fLessThan, r.lessThan[w])
	set(fMuchThan, r.muchThan[w])
	m := r.marks[w]
	set(fWish, m&markWish != 0)
	set(fWishFirst, m&markWishFirst != 0)
	set(fWait, m&markWait != 0)
	set(fLong, m&markLong != 0)
	set(fHours, m&markHours != 0)
	set(fMinutes, m&markMinutes != 0)
	set(fCount, m&markCount != 0)
	set(fFew, m&markFew != 0)
	set(fStop, analysis.IsStopWord(w, tb.lang))
	set(fDescriptive, tb.lex.descriptive[w])
	if v, ok := tb.lex.lookup(w); ok {
		in.flags |= fLex
		in.lex = v
	}
	if p := ps[w]; len(p) > 0 {
		in.flags |= fPhrase
		in.phrases = p
	}
	if m&markWishFirst != 0 {
		for k := range r.unreal {
			if first, second, ok := strings.Cut(k, " "); ok && first == w {
				in.wishNext = append(in.wishNext, second)
			}
		}
	}
	return in
}

// buildTable makes a language's table: its rule words, lexicon words,
// phrase words and stop words.
func buildTable(lang string, lex *lexicon, r *rules, ps phrases) *table {
	tb := &table{words: map[string]*wordInfo{}, lang: lang, lex: lex, rules: r}
	add := func(w string) {
		if _, ok := tb.words[w]; ok {
			return
		}
		in := tb.wordInfoOf(w, ps)
		in.key = w
		tb.words[w] = &in
	}
	for _, m := range []map[string]bool{r.neg, r.intens, r.dim, r.but, r.though, r.conj, r.than, r.compar,
		r.notOnly, r.too, r.unreal, r.muchThan, r.lessThan, r.negAfter} {
		for w := range m {
			add(w)
			for _, p := range strings.Fields(w) {
				add(p)
			}
		}
	}
	for w := range r.marks {
		add(w)
	}
	for w := range lex.words {
		add(w)
	}
	for w := range lex.descriptive {
		add(w)
	}
	for _, list := range ps {
		for _, p := range list {
			for _, w := range p.words {
				add(w) // every phrase word: a word absent from the table is in no phrase
			}
		}
	}
	for _, s := range analysis.StopWords(lang) {
		add(fold(s)) // the words analysis.IsStopWord reports, as tonality folds them
	}
	return tb
}

// withWords returns a copy of the table that also knows overrides and
// learned words (the receiver when there are none).
func (tb *table) withWords(ps phrases, overrides, learned map[string]float64) *table {
	if len(overrides) == 0 && len(learned) == 0 {
		return tb
	}
	out := &table{words: make(map[string]*wordInfo, len(tb.words)+len(overrides)+len(learned)),
		lang: tb.lang, lex: tb.lex, rules: tb.rules}
	for w, in := range tb.words {
		out.words[w] = in
	}
	copied := map[string]bool{}
	entry := func(w string) *wordInfo {
		if copied[w] {
			return out.words[w]
		}
		copied[w] = true
		var in wordInfo
		if base, ok := tb.words[w]; ok {
			in = *base
		} else if d := tb.info(w); d != nil {
			in = *d
		}
		in.key = w
		out.words[w] = &in
		return &in
	}
	for w, v := range overrides {
		in := entry(w)
		in.flags |= fOver
		in.over = v
	}
	for w, v := range learned {
		in := entry(w)
		in.flags |= fLearned
		in.learned = v
	}
	return out
}

// info returns what the rules know of folded word w: its table entry, else
// what its form tells (a negator by suffix, a lexicon stem, a stop word
// outside ASCII), nil when nothing.
func (tb *table) info(w string) *wordInfo {
	if in, ok := tb.words[w]; ok {
		return in
	}
	return tb.absent(w)
}

// absent is info for a word absent from the table.
func (tb *table) absent(w string) *wordInfo {
	var flags uint32
	var lex float64
	if tb.lang == "EN" && strings.HasSuffix(w, "n't") || tb.lang == "FR" && strings.HasPrefix(w, "n'") {
		flags |= fNeg
	}
	if tb.lex.byForm() {
		if v, ok := tb.lex.lookup(w); ok {
			flags |= fLex
			lex = v
		}
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			if analysis.IsStopWord(w, tb.lang) {
				flags |= fStop
			}
			break
		}
	}
	if flags == 0 {
		return nil
	}
	return &wordInfo{key: w, flags: flags, lex: lex}
}

// opinion is the valence of an opinion word: a non-zero override or
// lexicon valence, not a learned one (Analyzer.Polarity).
func (in *wordInfo) opinion() (float64, bool) {
	v, ok, learned := in.valence()
	if !ok || learned || v == 0 {
		return 0, false
	}
	return v, true
}

// valence returns the polarity of the word: its override, else its
// lexicon valence, else its learned one (learned true).
func (in *wordInfo) valence() (v float64, ok, learned bool) {
	switch {
	case in.flags&fOver != 0:
		return in.over, in.over != 0, false
	case in.flags&fLex != 0:
		return in.lex, true, false
	case in.flags&fLearned != 0:
		return in.learned, true, true
	}
	return 0, false, false
}
