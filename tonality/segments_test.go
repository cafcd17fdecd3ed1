package tonality

import (
	"slices"
	"testing"

	"explorer/analysis"
)

// spans collects the segments of a segmenter.
func spans(seg func(string, func(int, int)), s string) []int {
	var out []int
	seg(s, func(a, b int) { out = append(out, a, b) })
	return out
}

// TestSegmentsASCII: segmentsASCII gives exactly analysis.Segments's
// (uax29's) segments on every string of up to 5 bytes over the bytes that
// matter to word breaks, on ASCII made-up texts and on the ASCII lines of
// the long corpus when present (under -race every string of up to 4 bytes
// and one in sampleStride of the rest: see sampleStride).
func TestSegmentsASCII(t *testing.T) {
	alphabet := "aZ9_:,;.' \r\n\t-!?\v\f\"(@#$"
	bad := 0
	check := func(s string) {
		if got, want := spans(segmentsASCII, s), spans(analysis.Segments, s); !slices.Equal(got, want) {
			bad++
			if bad <= 10 {
				t.Errorf("%q: segments %v, uax29 %v", s, got, want)
			}
		}
	}
	depth := 5
	if testing.Short() {
		depth = 4
	}
	enumerate(alphabet, depth, sampleStride(), check)
	// Every ASCII byte after and before a letter, a digit and a space.
	for b := 0; b < 128; b++ {
		for _, ctx := range []string{"a", "1", " ", "_", "a.", "1,"} {
			check(ctx + string(rune(b)) + "a")
			check(ctx + string(rune(b)) + "1")
			check(string(rune(b)) + ctx)
		}
	}
	a := analyzer(t, "EN")
	texts := append(madeUp(a, 3000, 7), readLines(longCorpus(), 150_000)...)
	n := 0
	for _, s := range sampled(texts, sampleStride()) {
		if isASCII(s) {
			check(s)
			n++
		}
	}
	if bad > 0 {
		t.Errorf("%d strings segmented differently", bad)
	}
	t.Logf("%d ASCII texts checked", n)
}

// TestTokenizeASCII: tokenizeASCII gives exactly the tokens of the general
// path (uax29 segments, classify) on ASCII texts: made-up ones, the long
// corpus's when present, and short strings of significant bytes (under
// -race one in sampleStride of the texts and of the longest strings).
func TestTokenizeASCII(t *testing.T) {
	a := analyzer(t, "EN")
	stride := sampleStride()
	texts := sampled(append(madeUp(a, 3000, 11), readLines(longCorpus(), 150_000)...), stride)
	enumerate("aZ9_:;=)(-D,.!' \r\n\t", 4, stride, func(s string) { texts = append(texts, s) })
	texts = append(texts, ":-D", ":Dsince", "x :) y", ";) ok", "=)", "___", "_", "a_b", "NOT GOOD", "Don't", "e.g. this", "3.14, 1,000")
	bad, n := 0, 0
	for _, s := range texts {
		if !isASCII(s) {
			continue
		}
		n++
		got := tokenize(s, a.tab, nil)
		asciiFast = false
		want := tokenize(s, a.tab, nil)
		asciiFast = true
		if !slices.EqualFunc(got, want, sameToken) {
			bad++
			if bad <= 10 {
				t.Errorf("%q: tokens\n%+v\nwant\n%+v", s, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d texts tokenized differently", bad, n)
	}
}

// enumerate calls fn with every string of up to depth bytes of alphabet;
// the longest ones only one in stride (a deterministic sample whose last
// byte turns through the alphabet, so every byte ends some of them).
func enumerate(alphabet string, depth, stride int, fn func(string)) {
	turn := 0
	var gen func(prefix []byte, n int)
	gen = func(prefix []byte, n int) {
		fn(string(prefix))
		if n == 0 {
			return
		}
		start, step := 0, 1
		if n == 1 && stride > 1 {
			start, step = turn%stride, stride
			turn++
		}
		for i := start; i < len(alphabet); i += step {
			gen(append(prefix, alphabet[i]), n-1)
		}
	}
	gen(nil, depth)
}

// sameToken: equal tokens, infos equal by content (infos of words absent
// from the table are made per token).
func sameToken(a, b token) bool {
	ia, ib := a.info, b.info
	a.info, b.info = nil, nil
	if a != b || (ia == nil) != (ib == nil) {
		return false
	}
	return ia == nil || ia.key == ib.key && ia.flags == ib.flags && ia.lex == ib.lex && ia.over == ib.over &&
		ia.learned == ib.learned && len(ia.phrases) == len(ib.phrases) && slices.Equal(ia.wishNext, ib.wishNext)
}

// segmentsASCII is analysis.Segments (UAX #29 word boundaries) for a text
// of ASCII bytes only, where the rules reduce to: letters, digits and '_'
// join; a letter, ':', '.' or '\” and a letter join ("e.g", "don't"); a
// digit, ',', ';', '.' or '\” and a digit join ("3.14", "1,000"); spaces
// join; "\r\n" is one segment; every other byte is a segment. Tested
// equal to analysis.Segments (TestSegmentsASCII): it keeps wordEnd and
// asciiClass, which the scoring's ASCII path uses, to uax29's rules.
func segmentsASCII(text string, fn func(start, end int)) {
	n := len(text)
	for i := 0; i < n; {
		start := i
		switch asciiClass[text[i]] {
		case aLetter, aNumeric, aExtend:
			i, _, _ = wordEnd(text, i)
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
		}
		fn(start, i)
	}
}
