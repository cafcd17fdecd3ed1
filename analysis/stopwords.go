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
	for l, set := range stopLists {
		addTypedPlain(set, l)
	}
}

// plainLetters are, per language key, the letters its writers often type
// as plain ASCII ones on a keyboard or phone without them: Turkish "cok
// guzel", "icin", "hic" for "çok güzel", "için", "hiç". In such a
// language a function word's plain form is a function word too (stop
// words, the fuller list, cue words), or web reviews are titled "cok",
// "icin", "sey" (the made Turkish web reviews, twenty-third round).
var plainLetters = map[string]*strings.Replacer{
	"tr": strings.NewReplacer("ç", "c", "ğ", "g", "ı", "i", "ö", "o", "ş", "s", "ü", "u"),
}

// plainWords are the plain forms that are words of their own and stay
// out: Turkish "su" (water) is the plain "şu" (that), "sik" (vulgar) the
// plain "şık" (chic).
var plainWords = map[string]map[string]bool{"tr": {"su": true, "sik": true}}

// plainForm returns the plain form of word in language key (see
// plainLetters), "" when it has none: the language has no such letters,
// the word none of them, or the plain form is a word of its own.
func plainForm(word, key string) string {
	r := plainLetters[key]
	if r == nil {
		return ""
	}
	p := r.Replace(word)
	if p == word || plainWords[key][p] {
		return ""
	}
	return p
}

// PlainForm returns the plain form of a folded word of language lang (an
// ISO 639-1 code in any case): its letters that writers often type as
// plain ASCII ones typed so (Turkish "güzel" → "guzel", "değil" →
// "degil"); "" when the language has no such letters, the word none of
// them, or the plain form is a word of its own ("şu" → "su", water).
func PlainForm(word, lang string) string { return plainForm(word, langKey(lang)) }

// plain returns the plain form of word in language key (plainForm), the
// word itself when it has none.
func plain(word, key string) string {
	if p := plainForm(word, key); p != "" {
		return p
	}
	return word
}

// addTypedPlain adds to set, a list of language key's words, their plain
// forms (plainForm).
func addTypedPlain(set map[string]struct{}, key string) {
	if plainLetters[key] == nil {
		return
	}
	for w := range set {
		if p := plainForm(w, key); p != "" {
			set[p] = struct{}{}
		}
	}
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
			addTypedPlain(set, strings.ToLower(code))
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
