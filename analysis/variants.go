package analysis

import (
	"strings"
	"unicode/utf8"

	"explorer/language"
)

// variantTest returns the test of whether two folded terms are variants of
// one another (an inflection or a spelling variant): the same number of
// words, each pair equal, or with the same Snowball stem in a language
// that has a stemmer ("games"/"game", "libraries"/"library"), or, for
// words of five letters or more, one edit apart ("colour"/"color"), or
// the one typed without the language's letters ("kofte"/"köfte":
// typedPlain).
func variantTest(lang string) func(a, b string) bool {
	return variantTestWith(lang, true)
}

// variantTestWith is variantTest, one edit apart and typed plain counting
// only with edits.
func variantTestWith(lang string, edits bool) func(a, b string) bool {
	key := langKey(lang)
	l, _ := language.Get(key)
	stemmed := l.HasStemmer()
	memo := map[string]string{}
	stemOf := func(w string) string {
		s, ok := memo[w]
		if !ok {
			s = l.Stem(w)
			memo[w] = s
		}
		return s
	}
	return func(a, b string) bool {
		wa, wb := strings.Split(a, " "), strings.Split(b, " ")
		if len(wa) != len(wb) || a == b {
			return a == b
		}
		for i := range wa {
			if wa[i] == wb[i] || (stemmed && sameStem(wa[i], wb[i], stemOf)) || (edits && (oneEdit(wa[i], wb[i]) || typedPlain(wa[i], wb[i], key))) {
				continue
			}
			return false
		}
		return true
	}
}

// typedPlain reports whether one of two words is the other typed without
// the letters of language key that writers type plain (plainLetters:
// "kofte" of "köfte"). Like a word one edit away, it may be another word
// ("sinirli", angry, of "sınırlı", limited), so it is a variant only as
// an edit is: when the texts use the two alike (alikeVariants).
func typedPlain(a, b, key string) bool {
	pa, pb := plainForm(a, key), plainForm(b, key)
	return pa != "" && pa == b || pb != "" && pb == a
}

// sameStem reports whether two words are inflections by their Snowball
// stems: the same stem, or the one word is the other's stem (the other is
// the one plus an ending the stemmer strips). Russian's stemmer takes
// "ресторан" to "рестора" but "ресторане", "ресторану" to "ресторан":
// by stems alone the word and its cases were two topics.
func sameStem(a, b string, stemOf func(string) string) bool {
	sa, sb := stemOf(a), stemOf(b)
	return sa == sb || sa == b || sb == a
}

// oneEdit reports whether two words of at least five letters are one
// insertion, deletion or substitution apart.
func oneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < 5 || len(rb) < 5 || utf8.RuneCountInString(a)-utf8.RuneCountInString(b) > 1 ||
		utf8.RuneCountInString(b)-utf8.RuneCountInString(a) > 1 {
		return false
	}
	i := 0
	for i < len(ra) && i < len(rb) && ra[i] == rb[i] {
		i++
	}
	j, k := len(ra), len(rb)
	for j > i && k > i && ra[j-1] == rb[k-1] {
		j--
		k--
	}
	return j-i <= 1 && k-i <= 1
}
