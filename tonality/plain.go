package tonality

import "explorer/analysis"

// Typed plain. Turkish writers often type without the Turkish letters
// ("cok guzel", "degil", "pahali" for "çok güzel", "değil", "pahalı"), on
// phones and foreign keyboards. The lexicon's words and the rule words
// are also known in their plain forms (analysis.PlainForm), so such a
// text has its tonality: the made Turkish reviews typed plain lost a
// sixth of their opinion words without them. A plain form that is a
// word of its own ("su", water, of "şu"; analysis.PlainForm gives none)
// or a listed word ("sinirli", angry, is no "sınırlı", limited) keeps its
// own meaning; one that two listed words of different valence share
// ("düş", dream, and "duş", shower, would both be "dus") says neither;
// that of a neutral word is neutral ("arkadasim" of "arkadaşım").

// addPlainWords adds to lex, of language code, the plain forms of its
// words and descriptive adjectives that are not listed themselves, with
// the valence of the word they are typed for.
func addPlainWords(code string, lex *lexicon) {
	plainOf := func(w string) string {
		p := analysis.PlainForm(w, code)
		if _, listed := lex.words[p]; p == "" || listed || lex.neutral[p] {
			return ""
		}
		return p
	}
	for w := range lex.neutral {
		if p := plainOf(w); p != "" {
			lex.neutral[p] = true // before the words: a neutral typing says nothing
		}
	}
	added, clash := map[string]float64{}, map[string]bool{}
	for w, v := range lex.words {
		if p := plainOf(w); p != "" {
			if old, ok := added[p]; ok && old != v {
				clash[p] = true
			}
			added[p] = v
		}
	}
	for p, v := range added {
		if !clash[p] {
			lex.words[p] = v
		}
	}
	for w := range lex.descriptive {
		if p := plainOf(w); p != "" && !clash[p] {
			lex.descriptive[p] = true
		}
	}
}

// plainRules adds to the rule words of language code their plain forms
// ("degil", "cok", "gercekten").
func plainRules(code string, t ruleText) ruleText {
	return t.withForms(func(w string) string { return analysis.PlainForm(fold(w), code) })
}
