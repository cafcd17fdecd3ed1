package analysis

import "strings"

// Linked phrases are two terms joined by one stop word, written as one
// expression: "mot de passe", "carte de crédit", "point of sale". They are
// counted and matched with their stop word ("mot de passe", never "mot
// passe"), so a fixed expression stays whole in every language with a
// stop list; they become phrases as two adjacent terms do (Phrases: the
// normalized PMI of their two terms).

// linker follows a text's words (as scan gives them) for linked phrases.
// A link is a stop word that is no cue of the language (aspects.go): not a
// determiner nor a possessive ("oublié mon mot" is no expression), not a
// copula, pronoun, negation or intensifier; so in effect a preposition or
// a conjunction ("de", "of", "à", "and").
type linker struct {
	stop    map[string]struct{}
	cues    cueSet
	prev    string // the last term, when the word before was that term
	gapTerm string // the term before the stop word just seen
	gapWord string // that stop word
}

func newLinker(lang string) linker { return linker{stop: stopSet(lang), cues: cuesOf(lang)} }

// next takes the next word and its term ("" for a stop word or a dropped
// word) and returns the linked phrase that ends with it, "" when none.
func (l *linker) next(word, term string) string {
	if term == "" {
		_, stop := l.stop[word]
		_, cue := l.cues[word]
		l.gapTerm, l.gapWord = "", ""
		if stop && !cue && l.prev != "" {
			l.gapTerm, l.gapWord = l.prev, word
		}
		l.prev = ""
		return ""
	}
	key := ""
	if l.gapTerm != "" && term == word {
		key = l.gapTerm + " " + l.gapWord + " " + term
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
// adjacent ("hard drive") or linked ("mot de passe"), and whether it is
// one; ok is false for a single word or a longer phrase.
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

// linkWord returns the stop word of a linked phrase, "" for any other term.
func linkWord(term string) string {
	_, rest, ok := strings.Cut(term, " ")
	if !ok {
		return ""
	}
	mid, _, ok := strings.Cut(rest, " ")
	if !ok {
		return ""
	}
	return mid
}
