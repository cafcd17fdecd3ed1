package testkit

import (
	"strings"
	"unicode"

	explorer "explorer"
	"explorer/analysis"
)

// StopWordDetector is the language detector of test servers: a language is
// detected when at least a fifth of the words of the texts are stop words of
// that language (analysis' lists) and no other language has as many. It
// stands in for lingua-go, which only the binary and package language link.
var StopWordDetector = explorer.DetectorFunc(detectByStopWords)

func detectByStopWords(texts []string) (string, bool) {
	hits := map[string]int{}
	words := 0
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) }) {
			words++
			for _, lang := range analysis.StopWordLanguages() {
				if analysis.IsStopWord(w, lang) {
					hits[lang]++
				}
			}
		}
	}
	best, n, tie := "", 0, false
	for lang, h := range hits {
		switch {
		case h > n:
			best, n, tie = lang, h, false
		case h == n:
			tie = true
		}
	}
	if words == 0 || tie || n*5 < words {
		return "", false
	}
	return strings.ToUpper(best), true
}
