package analysis

import "strings"

// Linked phrases are two terms joined by one stop word, written as one
// expression: "mot de passe", "carte de crédit", "point of sale". They are
// counted and matched with their stop word ("mot de passe", never "mot
// passe"), so a fixed expression stays whole; they become phrases as two
// adjacent terms do (Phrases: the normalized PMI of their two terms).
//
// A link is a stop word that is no cue of the language (aspects.go): not a
// determiner nor a possessive ("oublié mon mot" is no expression), not a
// copula, pronoun, negation or intensifier; so in effect a preposition or
// a conjunction ("de", "of", "à", "and"). Only the languages with cue
// lists have links: in the others nothing tells a preposition from a
// negation ("ikke", "не").

// linkTest tells the links of a language (none without cues). A value:
// made for every text, it allocates nothing.
type linkTest struct {
	stop map[string]struct{}
	cues cueSet
}

func linksOf(lang string) linkTest { return linkTest{stop: stopSet(lang), cues: cuesOf(lang)} }

// is reports whether word links two terms.
func (t linkTest) is(word string) bool {
	if t.cues == nil {
		return false
	}
	_, stop := t.stop[word]
	_, cue := t.cues[word]
	return stop && !cue
}

// linker follows a text's words (as scan gives them) for linked phrases.
type linker struct {
	links   linkTest
	prev    string // the last term, when the word before was that term
	gapTerm string // the term before the link just seen
	gapWord string // that link
	buf     []byte // the phrase next returns
}

func newLinker(lang string) linker { return linker{links: linksOf(lang)} }

// next takes the next word and its term ("" for a stop word or a dropped
// word) and returns the linked phrase that ends with it, nil when none.
// The bytes are valid until the next call: look them up as
// m[string(key)], which does not allocate.
func (l *linker) next(word, term string) []byte {
	if term == "" {
		l.gapTerm, l.gapWord = "", ""
		if l.prev != "" && l.links.is(word) {
			l.gapTerm, l.gapWord = l.prev, word
		}
		l.prev = ""
		return nil
	}
	var key []byte
	if l.gapTerm != "" && term == word {
		l.buf = append(append(append(append(append(l.buf[:0], l.gapTerm...), ' '), l.gapWord...), ' '), term...)
		key = l.buf
	}
	l.gapTerm, l.prev = "", ""
	if term == word {
		l.prev = term
	}
	return key
}

// reset forgets the words before (a sentence break).
func (l *linker) reset() { l.prev, l.gapTerm = "", "" }

// phraseEnds returns the first and last word of a phrase of two terms,
// adjacent ("hard drive") or with one word between ("mot de passe"), and
// whether it is one; ok is false for a single word or a longer phrase.
// Whether the middle word is a link is the caller's (linkWord, linkTest).
func phraseEnds(term string) (first, last string, ok bool) {
	first, rest, two := strings.Cut(term, " ")
	if !two {
		return term, "", false
	}
	mid, last, three := strings.Cut(rest, " ")
	if !three {
		return first, rest, true
	}
	if strings.Contains(last, " ") || mid == "" {
		return "", "", false
	}
	return first, last, true
}

// linkWord returns the middle word of a phrase of three words, "" for any
// other term.
func linkWord(term string) string {
	_, rest, ok := strings.Cut(term, " ")
	if !ok {
		return ""
	}
	mid, last, ok := strings.Cut(rest, " ")
	if !ok || strings.Contains(last, " ") {
		return ""
	}
	return mid
}
