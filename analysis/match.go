package analysis

import "strings"

// FoldTerm returns the normal form of a topic term: its words (see
// Terms: UAX #29 words with a letter or digit, NFC lower case, typographic
// apostrophes as ') joined by single spaces, where spaces, underscores and
// no-break spaces all separate words. "Veggie_Burger " and "veggie  burger"
// both fold to "veggie burger".
func FoldTerm(term string) string {
	return strings.Join(termWords(term), " ")
}

// termWords splits a term into its folded words.
func termWords(term string) []string {
	term = strings.Map(func(r rune) rune {
		if r == '_' || r == '\u00a0' {
			return ' '
		}
		return r
	}, term)
	var ws []string
	scan(term, "", func(word, _ string) { ws = append(ws, word) })
	return ws
}

// Text is a text prepared once for matching many terms against it.
type Text struct {
	words []string            // folded words, in order
	set   map[string]struct{} // words and their terms
}

// Prepare prepares text, in language lang, for matching: it keeps the
// sequence of its folded words (stop words and numbers included) and the
// set of those words and of their terms (so "company's" also matches the
// term "company", and French "l'eau" the term "eau").
func Prepare(text, lang string) Text {
	t := Text{set: map[string]struct{}{}}
	key := langKey(lang)
	stop := stopSet(lang)
	scan(text, lang, func(word, _ string) {
		t.words = append(t.words, word)
		t.set[word] = struct{}{}
		if strings.IndexByte(word, '\'') >= 0 {
			t.set[cutApostrophe(word, key, stop)] = struct{}{}
		}
	})
	return t
}

// Contains reports whether term occurs in the text, case folded, with
// spaces and underscores alike (see FoldTerm). A one-word term is looked up
// in the text's words and terms; a multiword term must occur as
// consecutive words. An empty term is never contained.
func (t Text) Contains(term string) bool {
	ws := termWords(term)
	switch len(ws) {
	case 0:
		return false
	case 1:
		_, ok := t.set[ws[0]]
		return ok
	}
	for i := 0; i+len(ws) <= len(t.words); i++ {
		if t.words[i] != ws[0] {
			continue
		}
		match := true
		for j := 1; j < len(ws); j++ {
			if t.words[i+j] != ws[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// Matches reports whether the text contains any of the topic's terms.
func (t Text) Matches(topicTerms []string) bool {
	for _, term := range topicTerms {
		if t.Contains(term) {
			return true
		}
	}
	return false
}
