package wordspace

import "explorer/language"

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
