package tonality

import (
	"strings"

	"explorer/analysis"
)

// Typed plain. Turkish writers often type without the Turkish letters
// ("cok guzel", "degil", "pahali" for "çok güzel", "değil", "pahalı"), on
// phones and foreign keyboards. The lexicon's words and the rule words
// are also known in their plain forms (analysis.PlainForm), so such a
// text has its tonality: the made Turkish reviews typed plain lost a
// sixth of their opinion words without them. A plain form that is a
// word of its own ("su", water, of "şu") is none, and one that two
// listed words of different valence share ("sık", often, and "şik",
// chic, would both be "sik") is left out: it says neither.

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
	for _, f := range []*string{&t.neg, &t.intens, &t.dim, &t.but, &t.though, &t.conj, &t.than, &t.compar,
		&t.notOnly, &t.too, &t.lessThan, &t.muchThan, &t.unreal, &t.negAfter} {
		var out []string
		for _, w := range strings.Fields(*f) {
			out = append(out, w)
			if p := analysis.PlainForm(fold(w), code); p != "" {
				out = append(out, p)
			}
		}
		*f = strings.Join(out, " ")
	}
	return t
}
