package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
	"golang.org/x/text/unicode/norm"

	"explorer/language"
)

// Terms splits text into its terms: the words of Unicode word segmentation
// (UAX #29, underscores separating words too), folded to lower case and
// NFKC, without
//   - stop words of the language lang (ISO 639-1, any case; see IsStopWord:
//     its list and its determiners),
//   - numbers, punctuation, symbols and emoji (a term has at least one letter),
//   - one-character words.
//
// Apostrophes are handled per language: in English a clitic is cut off
// ("company's" → "company", "don't" → "don", a stop word, so dropped);
// in French and Italian an elided article or pronoun is cut off
// ("l'eau" → "eau", "dell'acqua" → "acqua"); in Turkish and Azerbaijani
// the suffixes a proper name, number or abbreviation takes after an
// apostrophe are cut off ("İstanbul'da" → "istanbul", "2010'da" → a
// number, dropped). Other words keep their apostrophes. The terms come in
// text order, repeats included.
func Terms(text, lang string) []string {
	var out []string
	scan(text, lang, func(_, term string) {
		if term != "" {
			out = append(out, term)
		}
	})
	return out
}

// scan calls fn for every word of text that has a letter or a digit, in
// order: word is the folded word, term its term, "" when Terms drops it.
func scan(text, lang string, fn func(word, term string)) {
	scanWith(text, lang, fn, nil)
}

// scanWith is scan that also calls brk, when not nil, between two words
// that punctuation separates (see isBreak): phrases do not cross it.
func scanWith(text, lang string, fn func(word, term string), brk func()) {
	stop := stopSet(lang)
	key := langKey(lang)
	one := func(tok string) {
		letter, alnum := classify(tok)
		if !alnum {
			return
		}
		w := foldWord(tok)
		term := ""
		if letter {
			term = termOf(w, key, stop)
		}
		fn(w, term)
	}
	it := words.FromString(readable(text))
	gap := ""
	for it.Next() {
		v := it.Value()
		if brk == nil {
			one(v)
			continue
		}
		if letter, alnum := classify(v); !alnum && !letter {
			if len(gap) < maxGap {
				gap += v
			} else if strings.TrimSpace(v) != "" {
				gap = "." // a long gap with punctuation breaks, as isBreak says
			}
			continue
		}
		if isBreak(gap) {
			brk()
		}
		gap = ""
		one(v)
	}
}

// readable returns text as its words are read, in exploring and matching
// alike: invalid UTF-8 as U+FFFD (a separator, as in a term), underscores
// as spaces (UAX #29 joins words with underscores; here, as in word spaces
// and topic terms, an underscore separates words) and markup blanked
// (blankMarkup). Only invalid bytes change the text's length.
func readable(text string) string {
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	if strings.IndexByte(text, '_') >= 0 {
		text = strings.ReplaceAll(text, "_", " ")
	}
	return blankMarkup(text)
}

// maxGap is the most bytes of the characters between two words kept for
// isBreak: a longer gap is no lone hyphen or apostrophe, so only whether
// it holds more than spaces matters (a page of "<br>" blanked by
// blankMarkup, appended to one string, cost time in its square).
const maxGap = 16

// isBreak reports whether the characters between two words separate them
// (sentence or clause punctuation, a spaced dash): anything but spaces,
// or a lone hyphen, slash or apostrophe inside a word ("wi-fi").
func isBreak(gap string) bool {
	switch gap {
	case "", "-", "/", "'", "’", "‐", "‑":
		return false
	}
	return strings.TrimSpace(gap) != ""
}

// classify reports whether tok holds a letter, and whether it holds a letter
// or a digit.
func classify(tok string) (letter, alnum bool) {
	for i := 0; i < len(tok); {
		c := tok[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
				return true, true
			case '0' <= c && c <= '9':
				alnum = true
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(tok[i:])
		i += n
		switch {
		case unicode.IsLetter(r):
			return true, true
		case unicode.IsDigit(r) || unicode.IsNumber(r):
			alnum = true
		}
	}
	return false, alnum
}

// foldWord folds a word: lower case, NFKC (see maxWordBytes), typographic
// apostrophes as '.
func foldWord(w string) string {
	if language.IsASCII(w) || len(w) > maxWordBytes {
		return strings.ToLower(w)
	}
	// Lower case first: a lowered letter may compose where the capital
	// does not (J̌ has no precomposed form, ǰ has). NFKC, not NFC: text
	// copied from PDFs and pages writes "ﬁsh" with a ligature and "Ｆｏｏｄ"
	// in full width, which are the words fish and food; a soft hyphen or
	// a word joiner inside a word is no letter of it.
	w = norm.NFKC.String(strings.ToLower(w))
	if strings.ContainsAny(w, invisibles) {
		w = strings.Map(func(r rune) rune {
			if strings.ContainsRune(invisibles, r) {
				return -1
			}
			return r
		}, w)
	}
	if strings.ContainsAny(w, "\u2019\u2018\uff07") {
		w = apostrophes.Replace(w)
	}
	return w
}

// maxWordBytes is the longest word folded and taken as a term, in bytes:
// a longer token is no word of a language (a hash, an encoded blob, one
// character repeated) and only lower-cased, as NFKC makes some characters
// up to 18 times longer ("ﷺ"): a cell of them would have grown as it was
// folded and stored.
const maxWordBytes = 256

// invisibles are the characters dropped from a word: the soft hyphen, the
// word joiner and the byte order mark (a zero width space already ends a
// word).
const invisibles = "\u00ad\u2060\ufeff"

// apostrophes maps the punctuation apostrophes to '. They segment as ' does
// (MidNumLet); U+02BC ʼ is a letter and stays.
var apostrophes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\uff07", "'")

// termOf turns a folded word into its term, "" when it is dropped.
func termOf(w, lang string, stop map[string]struct{}) string {
	if _, ok := stop[w]; ok {
		return ""
	}
	if strings.IndexByte(w, '\'') >= 0 {
		w = cutApostrophe(w, lang, stop)
		if _, ok := stop[w]; ok {
			return ""
		}
	}
	if len(w) > maxWordBytes || utf8.RuneCountInString(w) < 2 {
		return ""
	}
	if letter, _ := classify(w); !letter {
		return ""
	}
	return w
}

// englishClitics are what follows the last apostrophe of an English
// contraction or possessive.
var englishClitics = map[string]bool{"s": true, "t": true, "m": true, "re": true, "ve": true, "ll": true, "d": true}

// elisions are the elided forms before an apostrophe in French and Italian
// (besides the stop words of the language).
var elisions = map[string]map[string]bool{
	"fr": {"l": true, "d": true, "j": true, "m": true, "n": true, "s": true, "t": true, "c": true,
		"qu": true, "jusqu": true, "lorsqu": true, "puisqu": true, "quoiqu": true, "presqu": true},
	"it": {"l": true, "d": true, "c": true, "m": true, "n": true, "s": true, "t": true, "v": true,
		"un": true, "dell": true, "all": true, "dall": true, "nell": true, "sull": true, "coll": true,
		"pell": true, "quell": true, "quest": true, "anch": true, "com": true, "dov": true},
}

// cutApostrophe cuts an English clitic, a French or Italian elision or
// Turkish and Azerbaijani suffixes off a folded word with an apostrophe.
// Turkish spelling writes the case and possessive endings of a proper
// name after an apostrophe ("Kadıköy'de", "Kadıköy'ün", "Nusr-Et'in"):
// without the cut each form of a place or a restaurant's name was a term
// of its own.
func cutApostrophe(w, lang string, stop map[string]struct{}) string {
	switch lang {
	case "en":
		i := strings.LastIndexByte(w, '\'')
		if englishClitics[w[i+1:]] && i > 0 {
			return w[:i]
		}
	case "fr", "it":
		i := strings.IndexByte(w, '\'')
		pre := w[:i]
		_, isStop := stop[pre]
		if r, _ := utf8.DecodeRuneInString(w[i+1:]); (isStop || elisions[lang][pre]) && unicode.IsLetter(r) {
			return w[i+1:]
		}
	case "tr", "az":
		i := strings.IndexByte(w, '\'')
		if r, _ := utf8.DecodeRuneInString(w[i+1:]); i > 0 && unicode.IsLetter(r) {
			return w[:i]
		}
	}
	return w
}
