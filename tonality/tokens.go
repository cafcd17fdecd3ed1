package tonality

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"explorer/analysis"
)

// kind is the kind of a token.
type kind uint8

const (
	kWord    kind = iota // has a letter or a digit
	kStop                // ends a sentence: . ! ? … or a line break
	kSemi                // ; ends a clause
	kComma               // ,
	kDash                // a dash between spaces
	kEmoji               // an emoji or emoticon with a valence
	kExclaim             // ! (also kStop); counted for emphasis
	kOther               // anything else
)

// token is a segment of the text that matters for scoring.
type token struct {
	start, end int
	kind       kind
	w          string    // folded word (kWord)
	caps       bool      // written in capitals, two letters or more (kWord)
	val        float64   // valence (kEmoji)
	info       *wordInfo // what the rules know of w (kWord), nil when nothing
}

// asciiFast: tokenize ASCII texts with tokenizeASCII (off only in tests,
// to compare with the general path).
var asciiFast = true

// tokenize segments text into tokens (spaces dropped), appending them to
// toks[:0]; tb (nil for none) gives the words' info.
func tokenize(text string, tb *table, toks []token) []token {
	toks = toks[:0]
	emo := emoji()
	if asciiFast && isASCII(text) {
		return tokenizeASCII(text, tb, toks, emo)
	}
	skipTo := 0
	analysis.Segments(text, func(s, e int) {
		if s < skipTo {
			return
		}
		seg := text[s:e]
		c := seg[0]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			return
		case c == '\n':
			toks = append(toks, token{start: s, end: e, kind: kStop})
			return
		case c == ':' || c == ';' || c == '=':
			if n, v, ok := emoticon(text[s:], emo); ok {
				toks = append(toks, token{start: s, end: s + n, kind: kEmoji, val: v})
				skipTo = s + n
				return
			}
		}
		toks = append(toks, classify(text, s, e, emo, tb))
	})
	return toks
}

// emoticon matches an emoticon of the table at the start of s, not followed
// by a letter or digit; it returns its length and valence.
func emoticon(s string, emo *lexicon) (int, float64, bool) {
	for n := min(3, len(s)); n >= 2; n-- {
		v, ok := emo.words[s[:n]]
		if !ok {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(s[n:]); n < len(s) && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			continue
		}
		return n, v, true
	}
	return 0, 0, false
}

// classify makes the token of segment [s, e) of text.
func classify(text string, s, e int, emo *lexicon, tb *table) token {
	seg := text[s:e]
	t := token{start: s, end: e, kind: kOther}
	if t, ok := classifyASCII(text, seg, s, e, tb); ok {
		return t
	}
	letters, upper, alnum := 0, 0, false
	for _, r := range seg {
		if unicode.IsLetter(r) {
			letters++
			alnum = true
			if unicode.IsUpper(r) {
				upper++
			}
		} else if unicode.IsDigit(r) || unicode.IsNumber(r) {
			alnum = true
		}
	}
	if alnum {
		t.kind, t.w = kWord, fold(seg)
		if tb != nil {
			t.info = tb.info(t.w)
		}
		t.caps = letters >= 2 && upper == letters
		return t
	}
	switch seg {
	case ".", "?", "…", "!", "。", "！", "？", "؟":
		t.kind = kStop
		if seg == "!" || seg == "！" {
			t.kind = kExclaim
		}
	case ";", "؛":
		t.kind = kSemi
	case ",", "،", "，":
		t.kind = kComma
	case "-", "–", "—":
		if s > 0 && e < len(text) && text[s-1] == ' ' && text[e] == ' ' {
			t.kind = kDash
		}
	default:
		if v, ok := emo.words[strings.TrimSuffix(seg, "\ufe0f")]; ok {
			t.kind, t.val = kEmoji, v
		}
	}
	return t
}

// classifyASCII is classify for a segment of ASCII bytes (ok false for
// any other): the same token without decoding runes, and without
// allocating the folded word when the table knows it.
func classifyASCII(text, seg string, s, e int, tb *table) (token, bool) {
	t := token{start: s, end: e, kind: kOther}
	letters, upper, alnum := 0, 0, false
	for i := 0; i < len(seg); i++ {
		switch c := seg[i]; {
		case c >= utf8.RuneSelf:
			return t, false
		case 'a' <= c && c <= 'z':
			letters++
			alnum = true
		case 'A' <= c && c <= 'Z':
			letters++
			upper++
			alnum = true
		case '0' <= c && c <= '9':
			alnum = true
		}
	}
	if alnum {
		wordASCII(&t, seg, letters, upper, tb)
		return t, true
	}
	if len(seg) == 1 {
		punctASCII(&t, text)
		return t, true
	}
	return t, false
}

// wordASCII makes t, of ASCII segment seg with that many letters and
// capitals, a word token.
func wordASCII(t *token, seg string, letters, upper int, tb *table) {
	t.kind = kWord
	t.caps = letters >= 2 && upper == letters
	switch {
	case upper == 0:
		t.w = seg
		if tb != nil {
			t.info = tb.info(seg)
		}
	case tb != nil && len(seg) <= maxWord:
		var buf [maxWord]byte
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		if in, ok := tb.words[string(buf[:len(seg)])]; ok {
			t.w, t.info = in.key, in // no allocation
		} else {
			t.w = strings.ToLower(seg)
			t.info = tb.absent(t.w)
		}
	default:
		t.w = strings.ToLower(seg)
		if tb != nil {
			t.info = tb.info(t.w)
		}
	}
}

// punctASCII classifies t, a token of one ASCII byte that is no letter or
// digit.
func punctASCII(t *token, text string) {
	s, e := t.start, t.end
	switch text[s] {
	case '.', '?':
		t.kind = kStop
	case '!':
		t.kind = kExclaim
	case ';':
		t.kind = kSemi
	case ',':
		t.kind = kComma
	case '-':
		if s > 0 && e < len(text) && text[s-1] == ' ' && text[e] == ' ' {
			t.kind = kDash
		}
	default:
		if v, ok := emojiASCII[text[s]]; ok {
			t.kind, t.val = kEmoji, v
		}
	}
}

// isASCII reports whether s is all ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// The word-break classes of ASCII bytes (UAX #29) that matter.
const (
	aOther   = iota
	aLetter  // ALetter: A-Z a-z
	aNumeric // 0-9
	aExtend  // ExtendNumLet: _
	aMidLet  // MidLetter: :
	aMidNum  // MidNum: , ;
	aMidBoth // MidNumLet and Single_Quote: . '
	aSpace   // WSegSpace: ' '
	aCR      // \r
)

var asciiClass = func() (c [128]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		c[b], c[b-'a'+'A'] = aLetter, aLetter
	}
	for b := '0'; b <= '9'; b++ {
		c[b] = aNumeric
	}
	c['_'], c[':'], c[','], c[';'], c['.'], c['\''] = aExtend, aMidLet, aMidNum, aMidNum, aMidBoth, aMidBoth
	c[' '], c['\r'] = aSpace, aCR
	return c
}()

// wordEnd returns the end of the word segment starting at text[i] (a
// letter, digit or '_') of an ASCII text, and its letters and capitals.
func wordEnd(text string, i int) (end, letters, upper int) {
	n := len(text)
	for i < n {
		switch c := asciiClass[text[i]]; c {
		case aLetter:
			letters++
			if text[i] <= 'Z' {
				upper++
			}
			i++
			continue
		case aNumeric, aExtend:
			i++
			continue
		case aMidLet, aMidNum, aMidBoth:
			if i > 0 && i+1 < n {
				prev, next := asciiClass[text[i-1]], asciiClass[text[i+1]]
				if prev == aLetter && next == aLetter && (c == aMidLet || c == aMidBoth) ||
					prev == aNumeric && next == aNumeric && (c == aMidNum || c == aMidBoth) {
					i++ // the letter or digit after is counted next
					continue
				}
			}
		}
		break
	}
	return i, letters, upper
}

// tokenizeASCII is tokenize for an ASCII text: segmentsASCII's segments
// classified as tokenize and classify do, in one pass.
func tokenizeASCII(text string, tb *table, toks []token, emo *lexicon) []token {
	n, skipTo := len(text), 0
	for i := 0; i < n; {
		start := i
		switch asciiClass[text[i]] {
		case aLetter, aNumeric, aExtend:
			end, letters, upper := wordEnd(text, i)
			i = end
			if start < skipTo {
				continue
			}
			seg := text[start:end]
			if letters == 0 && strings.Trim(seg, "_") == "" {
				toks = append(toks, classify(text, start, end, emo, tb)) // underscores only
				continue
			}
			toks = append(toks, token{start: start, end: end})
			wordASCII(&toks[len(toks)-1], seg, letters, upper, tb)
		case aSpace:
			for i++; i < n && text[i] == ' '; i++ {
			}
		case aCR:
			i++
			if i < n && text[i] == '\n' {
				i++
			}
		default:
			i++
			if start < skipTo {
				continue
			}
			switch c := text[start]; c {
			case '\t':
				continue
			case '\n':
				toks = append(toks, token{start: start, end: i, kind: kStop})
				continue
			case ':', ';', '=':
				if m, v, ok := emoticon(text[start:], emo); ok {
					toks = append(toks, token{start: start, end: start + m, kind: kEmoji, val: v})
					skipTo = start + m
					continue
				}
			}
			toks = append(toks, token{start: start, end: i, kind: kOther})
			punctASCII(&toks[len(toks)-1], text)
		}
	}
	return toks
}
