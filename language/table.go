// Package language is the one table of the languages the product knows:
// every ISO 639-1 code with its name, the codes read as another language
// (Norwegian Bokmål and Nynorsk as Norwegian), and for some languages a
// stemmer, a stop word list and detection. Every other package asks it;
// it imports no package of the product. Which languages have an embedded
// word space is assets/wordspace's list (its test keeps every entry a
// canonical code of this table).
//
// It also detects the language of texts (detect.go), from character
// trigram profiles loaded at the first detection.
package language

import (
	"embed"
	"slices"
	"strings"
	"sync"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/finnish"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/hungarian"
	"github.com/blevesearch/snowballstem/irish"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/norwegian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/romanian"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
	"github.com/blevesearch/snowballstem/turkish"
)

// Language is one language of the table.
type Language struct {
	// Code is the upper-case ISO 639-1 code.
	Code string
	// Name is the English name.
	Name string
	// Aliases are the codes read as this language (NB and NN for NO).
	Aliases []string
	// Detected tells whether Detect can answer this language.
	Detected bool
	stem     func(*snowballstem.Env) bool
}

// HasStemmer tells whether the language has a Snowball stemmer.
func (l Language) HasStemmer() bool { return l.stem != nil }

// Stem reduces a lower-case word to its Snowball stem; it returns the word
// unchanged for a language without a stemmer.
func (l Language) Stem(word string) string {
	if l.stem == nil {
		return word
	}
	env := snowballstem.NewEnv(word)
	l.stem(env)
	return env.Current()
}

// StopWords returns the language's stop word list (lower case, as the
// list file gives it), nil when it has none. The slice is shared.
func (l Language) StopWords() []string { return stopLists()[l.Code] }

// FunctionWords returns the language's fuller function-word list
// (stopwords-iso: pronouns, determiners, adverbs, auxiliaries and frequent
// verbs beside some nouns; see stopwords/README.md), nil when it has none
// (EN NL FR DE ES IT PT RU SV DA NO PL TR FI HU have one). It is no stop
// list: its nouns ("tiempo", "zeit") are words texts talk about, which only
// their use in the texts tells apart. The slice is shared.
func (l Language) FunctionWords() []string { return functionLists()[l.Code] }

// aliases maps codes read as another language to that language.
var aliases = map[string]string{"NB": "NO", "NN": "NO"}

// stemmers are the Snowball stemmers of github.com/blevesearch/snowballstem
// (generated from the Snowball project's own definitions) for the
// languages it has.
var stemmers = map[string]func(*snowballstem.Env) bool{
	"EN": english.Stem, "FR": french.Stem, "ES": spanish.Stem, "RU": russian.Stem,
	"SV": swedish.Stem, "NO": norwegian.Stem, "HU": hungarian.Stem,
	"DE": german.Stem, "NL": dutch.Stem, "IT": italian.Stem, "PT": portuguese.Stem,
	"DA": danish.Stem, "FI": finnish.Stem, "RO": romanian.Stem, "TR": turkish.Stem,
	"GA": irish.Stem,
}

// Normalize returns the upper-case form of an ISO 639-1 code given in any
// case, and whether it is one (NB stays NB: the code as given is kept).
// Spaces around it are not allowed.
func Normalize(code string) (string, bool) {
	if len(code) != 2 {
		return "", false
	}
	up := strings.ToUpper(code)
	if _, ok := isoNames[up]; !ok {
		return "", false
	}
	return up, true
}

// Canonical returns the code of the language a code in any case is read
// as: upper case, aliases replaced (NB and NN give NO). Stop words,
// stemmers and word spaces are kept under canonical codes.
func Canonical(code string) (string, bool) {
	up, ok := Normalize(code)
	if !ok {
		return "", false
	}
	if to, ok := aliases[up]; ok {
		return to, true
	}
	return up, true
}

// Get returns the language a code (any case, an alias included) is read
// as, and whether the code is an ISO 639-1 code.
func Get(code string) (Language, bool) {
	c, ok := Canonical(code)
	if !ok {
		return Language{}, false
	}
	l := Language{Code: c, Name: isoNames[c], stem: stemmers[c], Detected: slices.Contains(detectable, c)}
	for a, to := range aliases {
		if to == c {
			l.Aliases = append(l.Aliases, a)
		}
	}
	slices.Sort(l.Aliases)
	return l, true
}

// Name returns the English name of an ISO 639-1 code as given (NB is
// Norwegian Bokmål, not Norwegian), "" for no code.
func Name(code string) string {
	up, _ := Normalize(code)
	return isoNames[up]
}

// Codes returns the ISO 639-1 codes, upper case, sorted.
func Codes() []string {
	out := make([]string, 0, len(isoNames))
	for c := range isoNames {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// WithFunctionWords returns the canonical codes of the languages that have
// a fuller function-word list, sorted.
func WithFunctionWords() []string {
	var out []string
	for c := range functionLists() {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// WithStopWords returns the canonical codes of the languages that have a
// stop word list, sorted.
func WithStopWords() []string {
	var out []string
	for c := range stopLists() {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

//go:embed stopwords/*.txt functionwords/*.txt
var listFS embed.FS

// stopLists are the embedded Snowball stop lists, by canonical code.
var stopLists = sync.OnceValue(func() map[string][]string { return readLists("stopwords") })

// functionLists are the embedded fuller function-word lists
// (stopwords-iso), by canonical code.
var functionLists = sync.OnceValue(func() map[string][]string { return readLists("functionwords") })

// readLists reads the embedded lists of a directory once, by canonical
// code (the file name, lower case, before .txt).
func readLists(dir string) map[string][]string {
	out := map[string][]string{}
	entries, err := listFS.ReadDir(dir)
	if err != nil {
		panic("language: embedded " + dir + ": " + err.Error())
	}
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".txt")
		code, valid := Canonical(base)
		if !ok || !valid {
			continue
		}
		data, err := listFS.ReadFile(dir + "/" + e.Name())
		if err != nil {
			panic("language: embedded " + dir + ": " + err.Error())
		}
		var words []string
		for _, w := range strings.Split(string(data), "\n") {
			if w = strings.TrimSpace(w); w != "" {
				words = append(words, w)
			}
		}
		out[code] = words
	}
	return out
}
