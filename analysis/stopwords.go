package analysis

import (
	"sort"
	"strings"
	"sync"

	"explorer/language"
)

var (
	stopOnce  sync.Once
	stopLists map[string]map[string]struct{}
)

// loadStopWords folds the language table's lists once, so a list entry
// and a folded token compare equal, and adds each language's determiners
// (determinerStops).
func loadStopWords() {
	stopLists = map[string]map[string]struct{}{}
	for _, code := range language.WithStopWords() {
		l, _ := language.Get(code)
		set := map[string]struct{}{}
		for _, w := range l.StopWords() {
			set[foldWord(w)] = struct{}{}
		}
		stopLists[strings.ToLower(code)] = set
	}
	determinerStops(stopLists)
}

// determinerStops adds to each stop list its language's determiners and
// possessives (the determiner cues, cueLists): words that only point at
// the noun after them. NLTK's lists lack some of the commonest: French
// "les", "cet", "cette", "leurs"; Turkish "bir", "her", "tüm"; Russian
// "каждый". As terms they were context words of every topic and the
// first word of phrases ("les plats"): made French reviews found 1 of 5
// restaurant categories, 3 with them stop words (twenty-second round).
// English's list holds all of its determiners already.
func determinerStops(lists map[string]map[string]struct{}) {
	for l, cues := range cueLists {
		set := lists[l]
		if set == nil {
			continue
		}
		for _, w := range strings.Fields(cues[1]) {
			set[foldWord(w)] = struct{}{}
		}
	}
}

// langKey maps a language code in any case to the key analysis keeps its
// data under: the lower-case code of the language it is read as in the
// language table (NB and NN read as NO), "" for no ISO 639-1 code.
func langKey(lang string) string {
	c, ok := language.Canonical(strings.TrimSpace(lang))
	if !ok {
		return ""
	}
	return strings.ToLower(c)
}

// stopSet returns the stop list of a language, nil when there is none.
func stopSet(lang string) map[string]struct{} {
	stopOnce.Do(loadStopWords)
	return stopLists[langKey(lang)]
}

var (
	functionOnce  sync.Once
	functionLists map[string]map[string]struct{}
)

// functionSet returns the fuller function-word list of a language key
// (langKey), folded, nil when it has none (see Counter.fullerFunctionWord).
func functionSet(key string) map[string]struct{} {
	functionOnce.Do(func() {
		functionLists = map[string]map[string]struct{}{}
		for _, code := range language.WithFunctionWords() {
			l, _ := language.Get(code)
			set := map[string]struct{}{}
			for _, w := range l.FunctionWords() {
				set[foldWord(w)] = struct{}{}
			}
			functionLists[strings.ToLower(code)] = set
		}
	})
	return functionLists[key]
}

// IsStopWord reports whether word (folded first) is a stop word of the
// language lang (an ISO 639-1 code in any case): in its list or one of its
// determiners (determinerStops). It is false for every word of a language
// without a list.
func IsStopWord(word, lang string) bool {
	set := stopSet(lang)
	if set == nil {
		return false
	}
	_, ok := set[foldWord(word)]
	return ok
}

// StopWords returns the stop words of the language lang (an ISO 639-1
// code in any case), folded, sorted: the words IsStopWord reports, the
// list's and the language's determiners (determinerStops); nil for a
// language without a list.
func StopWords(lang string) []string {
	set := stopSet(lang)
	if set == nil {
		return nil
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// StopWordLanguages returns the upper-case ISO 639-1 codes that have a stop
// word list, sorted.
func StopWordLanguages() []string {
	stopOnce.Do(loadStopWords)
	out := make([]string, 0, len(stopLists))
	for k := range stopLists {
		out = append(out, strings.ToUpper(k))
	}
	sort.Strings(out)
	return out
}
