package tonality

import (
	"bufio"
	"compress/gzip"
	"embed"
	"strconv"
	"strings"
	"unicode/utf8"

	"explorer/analysis"
	"explorer/language"
)

//go:embed lexicons/*.tsv.gz
var lexiconFS embed.FS

// Stems match the words they begin when at least minStem runes long and
// when at most maxRest runes are left over; in a language with a Snowball
// stemmer (every language whose lexicon has stems), only when the word's
// stem is the entry (lexicon.stem).
const (
	minStem = 4
	maxRest = 5
	maxWord = 64 // bytes; longer words are looked up whole only
)

// lexicon is the valence of words and of stems, folded.
type lexicon struct {
	words   map[string]float64
	stems   map[string]float64 // keyed without diacritics, as nlp.js keys them
	phrases string             // entries of several words (Vietnamese), as phraseTexts writes them
	induced map[string]bool    // the words added from the induced lexicon (induce)
	neutral map[string]bool    // no opinion whatever a stem says (a supplement's word:0)
	// descriptive are adjectives that describe without judging (big, new,
	// small): neutral, and no aspect either (Analyzer.Describes)
	descriptive map[string]bool
	// stem is the language's Snowball stemmer (nil: none). The stem
	// entries (DE ES FR IT NL RU, from nlp.js) are stems as a stemmer makes
	// them; matched as the beginning of a word alone, the short ones named
	// every word they begin: "serv*" made Italian "servizio" (service)
	// negative and Spanish "servicio" positive, "pacc*" made "pacchetto"
	// (parcel) negative, "inter*" made "interfaz" positive. A word takes a
	// stem's valence only when its own stem is that entry.
	stem func(string) string
	// inflects, when set, tells the words whose inflected forms lookup
	// finds (inflected): not the function words.
	inflects func(string) bool
	forms    forms
}

// stemWith gives lex the Snowball stemmer of language code. A lexicon
// without stem entries in a language other than English (TR SV DA NO FI
// HU PT RO: lists of word forms, thin for languages that inflect this
// much; Turkish "güzeldi", it was nice, is not "güzel") then also knows
// the inflections of its words (inflected). English keeps its word list
// alone: VADER lists its forms, and its rules were tuned on it.
func (l *lexicon) stemWith(code string) {
	lang, ok := language.Get(code)
	if !ok || !lang.HasStemmer() {
		return
	}
	switch {
	case len(l.stems) > 0:
		l.stem = lang.Stem
	case !strings.EqualFold(code, "EN"):
		l.stem = lang.Stem
		l.inflects = func(w string) bool { return !analysis.IsStopWord(w, code) }
		l.forms = formsOf(l.words, lang.Stem)
	}
}

// forms are what inflected reads of the listed words: each word's stem,
// and the beginnings (minStem runes) that some listed word has, so that
// most words are never walked nor stemmed.
type forms struct {
	stems map[string]string
	heads map[string]bool
}

func formsOf(words map[string]float64, stem func(string) string) forms {
	f := forms{stems: make(map[string]string, len(words)), heads: map[string]bool{}}
	for w := range words {
		if head, ok := runesHead(w, minStem); ok {
			f.stems[w] = stem(w)
			f.heads[head] = true
		}
	}
	return f
}

// runesHead is the first n runes of w, when w has at least n.
func runesHead(w string, n int) (string, bool) {
	i := 0
	for k := range w {
		if i == n {
			return w[:k], true
		}
		i++
	}
	return w, i == n
}

// byForm reports whether lookup looks beyond the listed words: at stem
// entries or at the inflections of the listed words.
func (l *lexicon) byForm() bool { return len(l.stems) > 0 || l.inflects != nil }

// inflected is the valence of the longest listed word of at least minStem
// runes that folded word w begins with and shares its Snowball stem with:
// w is that word with an ending the stemmer strips ("güzeldi": "güzel" +
// "di"). A word that only shares a stem with a listed word is not taken
// for it: Swedish "läcker" (delicious) and "läcka" (to leak) share the
// stem "läck", and "место" (place) that of "месть" (revenge). Function
// words take none.
func (l *lexicon) inflected(w string) (float64, bool) {
	if head, ok := runesHead(w, minStem); !ok || len(head) == len(w) || !l.forms.heads[head] {
		return 0, false
	}
	stem := ""
	n := utf8.RuneCountInString(w)
	for end, runes := len(w), n; runes > minStem; runes-- {
		_, size := utf8.DecodeLastRuneInString(w[:end])
		end -= size
		formStem, ok := l.forms.stems[w[:end]]
		if !ok {
			continue
		}
		if stem == "" {
			stem = l.stem(w)
		}
		if formStem == stem {
			if !l.inflects(w) { // asked last: most words match no listed word
				return 0, false
			}
			return l.words[w[:end]], true
		}
	}
	return 0, false
}

// fold folds a word as explorer/analysis folds terms (lower case, NFKC,
// typographic apostrophes as '): analysis.FoldTerm, with a fast path for
// ASCII words, which it lower-cases.
func fold(w string) string {
	if !language.IsASCII(w) {
		return analysis.FoldTerm(w)
	}
	return strings.ToLower(w)
}

// readLexicon reads an embedded lexicon file: "word<TAB>valence" lines, a
// stem's word ending in '*'.
func readLexicon(name string) lexicon {
	lex := lexicon{words: map[string]float64{}, stems: map[string]float64{}, neutral: map[string]bool{}, descriptive: map[string]bool{}}
	f, err := lexiconFS.Open("lexicons/" + name)
	if err != nil {
		return lex
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		panic("tonality: damaged lexicon " + name)
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		w, v, ok := strings.Cut(sc.Text(), "\t")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			panic("tonality: damaged lexicon " + name)
		}
		if stem, ok := strings.CutSuffix(w, "*"); ok {
			lex.stems[language.Bare(stem)] = x
		} else if strings.Contains(w, " ") {
			lex.phrases += w + ":" + v + "|" // a word of several syllables (Vietnamese)
		} else {
			lex.words[w] = x
		}
	}
	return lex
}

// lookup returns the valence of a folded word: the word's own, else that
// of the longest stem it begins with.
func (l *lexicon) lookup(w string) (float64, bool) {
	if v, ok := l.words[w]; ok {
		return v, true
	}
	if !l.byForm() || len(w) > maxWord || l.neutral[w] {
		return 0, false
	}
	if len(l.stems) == 0 {
		return l.inflected(w)
	}
	v, ok := l.prefixStem(language.Bare(w))
	if !ok || l.stem == nil {
		return v, ok
	}
	v, ok = l.stems[language.Bare(l.stem(w))]
	return v, ok
}

// prefixStem is the valence of the longest stem entry that bare word b is
// or begins with (at least minStem runes, at most maxRest left); with a
// stemmer, the cheap test before a word is stemmed, which most words fail.
func (l *lexicon) prefixStem(b string) (float64, bool) {
	if v, ok := l.stems[b]; ok {
		return v, true // a short stem matches itself
	}
	n := utf8.RuneCountInString(b)
	for end, runes := len(b), n; runes >= minStem && n-runes <= maxRest; runes-- {
		if v, ok := l.stems[b[:end]]; ok {
			return v, true
		}
		_, size := utf8.DecodeLastRuneInString(b[:end])
		end -= size
	}
	return 0, false
}
