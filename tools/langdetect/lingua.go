package main

import (
	"strings"
	"sync"

	"github.com/pemistahl/lingua-go"

	"explorer/language"
)

// linguaDetect is package language's Detect as it was before the compact
// detector replaced it (commit 9b9c601), kept here to compare the two.
//
// Detection used lingua-go (github.com/pemistahl/lingua-go) in its low
// accuracy mode (trigram models only), restricted to the languages below.
// Its high accuracy mode keeps the models of one to five letter sequences
// in memory, about 600 MB for these languages; low accuracy mode takes
// about 30 MB and detects a list of terms or a sentence as well. The models
// load once, at the first detection.

// linguaLanguages are the languages Detect knew: the main European languages
// and a few others widely used.
var linguaLanguages = []lingua.Language{
	lingua.English, lingua.German, lingua.French, lingua.Spanish,
	lingua.Italian, lingua.Portuguese, lingua.Dutch, lingua.Swedish,
	lingua.Danish, lingua.Bokmal, lingua.Finnish, lingua.Icelandic,
	lingua.Polish, lingua.Czech, lingua.Slovak, lingua.Hungarian,
	lingua.Romanian, lingua.Greek, lingua.Bulgarian, lingua.Croatian,
	lingua.Serbian, lingua.Slovene, lingua.Estonian, lingua.Latvian,
	lingua.Lithuanian, lingua.Russian, lingua.Ukrainian, lingua.Turkish,
	lingua.Catalan, lingua.Arabic, lingua.Hebrew, lingua.Hindi,
	lingua.Chinese, lingua.Japanese, lingua.Korean, lingua.Indonesian,
	lingua.Vietnamese,
}

// Detection thresholds.
const (
	// minLetters is the least number of letters worth a guess.
	minLetters = 10
	// minConfidence is the least confidence of the first language.
	minConfidence = 0.5
	// minLead is the least lead of the first language over the second.
	minLead = 0.2
)

var linguaDetector = sync.OnceValue(func() lingua.LanguageDetector {
	return lingua.NewLanguageDetectorBuilder().
		FromLanguages(linguaLanguages...).
		WithLowAccuracyMode().
		WithPreloadedLanguageModels().
		Build()
})

// Detect detects the language of a set of short terms or texts, taken
// together. It returns the upper-case ISO 639-1 code and true when the
// detection is confident, "" and false when it is not (too little text, or
// no language clearly ahead). It is safe for concurrent use.
func linguaDetect(texts []string) (string, bool) {
	sample, letters := language.Sample(texts)
	if letters < minLetters {
		return "", false
	}
	values := linguaDetector().ComputeLanguageConfidenceValues(sample)
	if len(values) == 0 {
		return "", false
	}
	top := values[0]
	lead := top.Value()
	if len(values) > 1 {
		lead -= values[1].Value()
	}
	if top.Language() == lingua.Unknown || top.Value() < minConfidence || lead < minLead {
		return "", false
	}
	return strings.ToUpper(top.Language().IsoCode639_1().String()), true
}
