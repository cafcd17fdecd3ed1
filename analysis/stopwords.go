package analysis

import (
	"embed"
	"sort"
	"strings"
	"sync"
)

//go:embed stopwords/*.txt
var stopFS embed.FS

var (
	stopOnce  sync.Once
	stopLists map[string]map[string]struct{}
)

// loadStopWords parses the embedded lists once. Words are folded as terms
// are, so a list entry and a folded token compare equal.
func loadStopWords() {
	stopLists = map[string]map[string]struct{}{}
	entries, err := stopFS.ReadDir("stopwords")
	if err != nil {
		panic("analysis: embedded stop words: " + err.Error())
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".txt") {
			continue
		}
		data, err := stopFS.ReadFile("stopwords/" + name)
		if err != nil {
			panic("analysis: embedded stop words: " + err.Error())
		}
		set := map[string]struct{}{}
		for _, w := range strings.Split(string(data), "\n") {
			if w = strings.TrimSpace(w); w != "" {
				set[foldWord(w)] = struct{}{}
			}
		}
		stopLists[strings.TrimSuffix(name, ".txt")] = set
	}
}

// langKey maps a language code in any case to the key of its stop list:
// lower-case ISO 639-1, with Norwegian Bokmål and Nynorsk (NB, NN) read as
// Norwegian (NO).
func langKey(lang string) string {
	k := strings.ToLower(strings.TrimSpace(lang))
	switch k {
	case "nb", "nn":
		return "no"
	}
	return k
}

// stopSet returns the stop list of a language, nil when there is none.
func stopSet(lang string) map[string]struct{} {
	stopOnce.Do(loadStopWords)
	return stopLists[langKey(lang)]
}

// IsStopWord reports whether word (folded first) is a stop word of the
// language lang (an ISO 639-1 code in any case). It is false for every word
// of a language without a list.
func IsStopWord(word, lang string) bool {
	set := stopSet(lang)
	if set == nil {
		return false
	}
	_, ok := set[foldWord(word)]
	return ok
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
