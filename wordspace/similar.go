package wordspace

import (
	"strconv"
	"strings"

	"explorer/language"
)

// stemmer reduces a lower-case word to its stem.
type stemmer func(word string) string

// stemmerFor returns the stemmer the language table has for a language
// (NB and NN read as NO), or nil when it has none.
func stemmerFor(lang string) stemmer {
	l, ok := language.Get(lang)
	if !ok || !l.HasStemmer() {
		return nil
	}
	return l.Stem
}

// memoStem remembers the stems stem gave, for one suggestion: it compares
// each candidate with every pole term, so each word is stemmed once.
func memoStem(stem stemmer) stemmer {
	if stem == nil {
		return nil
	}
	seen := map[string]string{}
	return func(w string) string {
		st, ok := seen[w]
		if !ok {
			st = stem(w)
			seen[w] = st
		}
		return st
	}
}

// stringSimilar tells whether a is a string variant of b. With a stemmer,
// the two have the same number of words and each pair of words the same
// stem ("excellent" and "excellently" do not, "goods" and "good" do). Without
// one, the edit distance is at most a quarter of the longer length (and at
// least four characters long): "colour"/"color", "realise"/"realize".
func stringSimilar(a, b string, stem stemmer) bool {
	fa, fb := Fold(a), Fold(b)
	if fa == fb {
		return true
	}
	if stem != nil {
		wa, wb := splitTerm(fa), splitTerm(fb)
		if len(wa) != len(wb) || len(wa) == 0 {
			return false
		}
		for i := range wa {
			if wa[i] != wb[i] && stem(wa[i]) != stem(wb[i]) {
				return false
			}
		}
		return true
	}
	ra, rb := []rune(fa), []rune(fb)
	longest := max(len(ra), len(rb))
	if longest < 4 {
		return false
	}
	return 4*editDistance(ra, rb) <= longest
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b []rune) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// variantSet answers, for many candidates, whether a word is a string
// variant (stringSimilar) of any of a fixed list of terms, the terms
// folded, split and stemmed once: with a stemmer a variant is a word of
// the same folded form or the same stem key; without one, of the same
// folded form or within the edit distance of one term, whose distance is
// only computed when the lengths allow it.
type variantSet struct {
	stem   stemmer
	folded map[string]bool
	stems  map[string]bool
	runes  [][]rune
}

// newVariantSet is the variant set of terms in a language of stemmer stem
// (nil: none).
func newVariantSet(terms []string, stem stemmer) *variantSet {
	v := &variantSet{stem: stem, folded: make(map[string]bool, len(terms))}
	if stem != nil {
		v.stems = make(map[string]bool, len(terms))
	}
	for _, t := range terms {
		f := Fold(t)
		if v.folded[f] {
			continue
		}
		v.folded[f] = true
		if stem == nil {
			v.runes = append(v.runes, []rune(f))
		} else if k, ok := stemKey(f, stem); ok {
			v.stems[k] = true
		}
	}
	return v
}

// has tells whether word is a string variant of one of the set's terms.
func (v *variantSet) has(word string) bool {
	if len(v.folded) == 0 {
		return false
	}
	f := Fold(word)
	if v.folded[f] {
		return true
	}
	if v.stem != nil {
		k, ok := stemKey(f, v.stem)
		return ok && v.stems[k]
	}
	r := []rune(f)
	for _, d := range v.runes {
		longest := max(len(r), len(d))
		// The edit distance is at least the difference of the lengths.
		if longest < 4 || 4*abs(len(r)-len(d)) > longest {
			continue
		}
		if 4*editDistance(r, d) <= longest {
			return true
		}
	}
	return false
}

// stemKey is the stems of the words of folded term f, each after its
// length, so that two terms have one key exactly when they have as many
// words and each pair of words the same stem; false for a term without a
// word.
func stemKey(f string, stem stemmer) (string, bool) {
	words := splitTerm(f)
	if len(words) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, w := range words {
		st := stem(w)
		b.WriteString(strconv.Itoa(len(st)))
		b.WriteByte(':')
		b.WriteString(st)
	}
	return b.String(), true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
