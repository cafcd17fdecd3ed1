package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// compoundParts is how many words at most a compound is split into.
const compoundParts = 3

// Known tells whether the dictionary knows word (in any case): a stem
// usable alone, a stem with a suffix or a prefix (or both, where the rules
// cross) or two suffixes (a suffix allowed by the other's continuation
// flags) its flags allow, or, in a language that compounds words, a run of
// at most compoundParts such words (stems only usable in compounds too).
// A word without a letter is known.
func (w *WordList) Known(word string) bool {
	key := Fold(strings.TrimSpace(word))
	if !strings.ContainsFunc(key, unicode.IsLetter) {
		return true
	}
	return w.word(key, false) || w.compound && w.compoundOf(key, compoundParts)
}

// word tells whether key is a word; part allows stems that are words only
// inside a compound or with an affix.
func (w *WordList) word(key string, part bool) bool {
	if v, ok := w.stems[key]; ok && (part || strings.HasPrefix(v, plainMark)) && !w.isForbidden(v) {
		return true
	}
	return w.bySuffix(key) || w.byPrefix(key, 0)
}

func (w *WordList) isForbidden(flags string) bool {
	return w.forbidden != 0 && strings.ContainsRune(flags, w.forbidden)
}

// hasFlag tells whether stem is in the dictionary with flag (and need,
// when not 0), and not forbidden.
func (w *WordList) hasFlag(stem string, flag, need rune) bool {
	v, ok := w.stems[stem]
	return ok && strings.ContainsRune(v, flag) && (need == 0 || strings.ContainsRune(v, need)) && !w.isForbidden(v)
}

// bySuffix tells whether key is a stem with one of its suffixes (and maybe
// a prefix, or a second suffix).
func (w *WordList) bySuffix(key string) bool {
	for n := 0; n <= min(len(key), w.maxSfx); n++ {
		cut := len(key) - n
		if cut < len(key) && !utf8.RuneStart(key[cut]) {
			continue
		}
		for _, r := range w.sfx[key[cut:]] {
			stem := key[:cut] + r.strip
			if stem == "" || !condAtEnd(r.cond, stem) {
				continue
			}
			if w.hasFlag(stem, r.flag, 0) || r.cross && w.byPrefix(stem, r.flag) || w.byInnerSuffix(stem, r.flag) {
				return true
			}
		}
	}
	return false
}

// byInnerSuffix tells whether key is a stem with a suffix whose
// continuation flags allow the outer suffix of flag outer.
func (w *WordList) byInnerSuffix(key string, outer rune) bool {
	if len(w.sfxCont) == 0 {
		return false
	}
	for n := 0; n <= min(len(key), w.maxSfx); n++ {
		cut := len(key) - n
		if cut < len(key) && !utf8.RuneStart(key[cut]) {
			continue
		}
		for _, r := range w.sfxCont[key[cut:]] {
			if !strings.ContainsRune(r.cont, outer) {
				continue
			}
			stem := key[:cut] + r.strip
			if stem != "" && condAtEnd(r.cond, stem) && w.hasFlag(stem, r.flag, 0) {
				return true
			}
		}
	}
	return false
}

// byPrefix tells whether key is a stem with one of its prefixes; with
// need (a suffix's flag, not 0) the prefix must cross and the stem carry
// need too.
func (w *WordList) byPrefix(key string, need rune) bool {
	for n := 0; n <= min(len(key), w.maxPfx); n++ {
		if n < len(key) && !utf8.RuneStart(key[n]) {
			continue
		}
		for _, r := range w.pfx[key[:n]] {
			if need != 0 && !r.cross {
				continue
			}
			stem := r.strip + key[n:]
			if stem != "" && condAtStart(r.cond, stem) && w.hasFlag(stem, r.flag, need) {
				return true
			}
		}
	}
	return false
}

// compoundOf tells whether key is a run of at most parts words, each of
// compoundMin characters at least (hyphens between them allowed).
func (w *WordList) compoundOf(key string, parts int) bool {
	if parts < 2 {
		return false
	}
	runes := 0
	for i := range key {
		if i > 0 && runes >= w.compoundMin {
			left, right := key[:i], strings.TrimPrefix(key[i:], "-")
			if utf8.RuneCountInString(right) >= w.compoundMin && w.part(strings.TrimSuffix(left, "-")) &&
				(w.part(right) || w.compoundOf(right, parts-1)) {
				return true
			}
		}
		runes++
	}
	return false
}

// KnownTerm tells whether every word of a thesaurus term is known: a
// phrase's words one by one, a hyphenated word whole or part by part.
func (w *WordList) KnownTerm(term string) bool {
	for _, word := range strings.Fields(term) {
		word = strings.TrimFunc(word, func(r rune) bool { return unicode.IsPunct(r) && r != '-' })
		if w.Known(word) {
			continue
		}
		parts := strings.Split(word, "-")
		if len(parts) == 1 {
			return false
		}
		for _, p := range parts {
			if p != "" && !w.Known(p) {
				return false
			}
		}
	}
	return true
}

// partsMemo is how many compound parts a word list remembers (then it
// forgets them all): a compound's parts are asked again and again.
const partsMemo = 1 << 16

// part tells whether key is a word inside a compound (word with part),
// remembered.
func (w *WordList) part(key string) bool {
	if known, ok := w.parts[key]; ok {
		return known
	}
	if w.parts == nil || len(w.parts) >= partsMemo {
		w.parts = make(map[string]bool, 1024)
	}
	known := w.word(key, true)
	w.parts[key] = known
	return known
}
