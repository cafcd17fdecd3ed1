package analysis

import (
	"slices"
	"strings"
)

// Boilerplate that a share limit misses. Exports of reviews add fixed
// words to many texts, though not to most: "(Translated by Google)" before
// a translated review and "(Original)" before its own words, "Read more"
// after a cut one, "Pros:" before a list. Made from SemEval-2014's test
// sentences with those added to a quarter and a tenth of them, the first
// topics were "ipsum dolor", "lorem ipsum", "translated by google" and
// "read". Such words
// stand at the same place of many texts, at their start or end or between
// brackets, and seldom anywhere else: a run of fixedRunMin to fixedRunMax
// words that starts or ends at least fixedShare of the texts (and
// fixedMin), or a bracketed part of at most fixedRunMax words as often,
// makes its words boilerplate where they are in no more than
// fixedExplained times the texts of that run and follow a determiner
// fewer than twice (pointedAt). Content words that often start a text ("The food was…")
// are in many more texts than the run, or follow a determiner ("This
// place is…"), and stay.
const (
	fixedRunMin    = 1
	fixedRunMax    = 4
	fixedShare     = 0.05
	fixedMin       = 10
	fixedExplained = 1.1
	fixedMaxKeys   = 1 << 15 // the most runs counted (see note)
	fixedWordMax   = 40      // the longest word of a run counted, in bytes
)

// fixedParts counts the runs of words at the start and the end of texts,
// and their short bracketed parts, each once a text. It keeps the first
// and the last fixedRunMax words of the text being added, no more.
type fixedParts struct {
	counts map[string]*int
	head   [fixedRunMax]string
	tail   [fixedRunMax]string // the last words, a ring: tail[i%fixedRunMax] is word i
	n      int                 // the words of the text being added so far
	key    []byte              // the buffer of a run's key, reused
	full   bool                // a prune left counts three quarters full (roomFor)
}

// word notes the next word of the text being added.
func (f *fixedParts) word(w string) {
	if f.n < fixedRunMax {
		f.head[f.n] = w
	}
	f.tail[f.n%fixedRunMax] = w
	f.n++
}

// add counts the runs of the text whose words word noted, and its
// bracketed parts; then it is ready for the next text.
func (f *fixedParts) add(text string) {
	if f.counts == nil {
		f.counts = map[string]*int{}
	}
	var last [fixedRunMax]string
	for n := fixedRunMin; n <= fixedRunMax && n <= f.n; n++ {
		for i := range n {
			last[i] = f.tail[(f.n-n+i)%fixedRunMax]
		}
		f.note('^', f.head[:n])
		f.note('$', last[:n])
	}
	f.brackets(text)
	f.n = 0
}

// brackets counts the parts of text between brackets of at most
// fixedRunMax words and 60 bytes, lower case, each once; boilerplate reads
// their words.
func (f *fixedParts) brackets(text string) {
	var parts []string
	for i := 0; i < len(text) && len(parts) < 8; i++ { // 8 parts a text at most
		if text[i] != '(' && text[i] != '[' {
			continue
		}
		end := strings.IndexAny(text[i+1:min(len(text), i+62)], "()[]")
		if end <= 0 || (text[i+1+end] != ')' && text[i+1+end] != ']') {
			continue
		}
		ws := strings.Fields(strings.ToLower(text[i+1 : i+1+end]))
		if k := strings.Join(ws, " "); len(ws) > 0 && len(ws) <= fixedRunMax && !slices.Contains(parts, k) {
			parts = append(parts, k)
			f.note('(', ws)
		}
		i += end
	}
}

// note counts a run of words at a place (^ start, $ end, ( brackets),
// not one with a word of more than fixedWordMax bytes. Past fixedMaxKeys
// runs, those seen in one text so far are forgotten to make room, as the
// Counter's terms are (roomFor).
func (f *fixedParts) note(at byte, ws []string) {
	f.key = append(f.key[:0], at)
	for i, w := range ws {
		if len(w) > fixedWordMax {
			return
		}
		if i > 0 {
			f.key = append(f.key, ' ')
		}
		f.key = append(f.key, w...)
	}
	if n := f.counts[string(f.key)]; n != nil {
		*n++
		return
	}
	if roomFor(len(f.counts), fixedMaxKeys, &f.full, f.prune, func() int { return len(f.counts) }) {
		one := 1
		f.counts[string(f.key)] = &one
	}
}

// prune forgets the runs seen in one text only.
func (f *fixedParts) prune() {
	for k, n := range f.counts {
		if *n <= 1 {
			delete(f.counts, k)
		}
	}
}

// pointedAt reports whether the texts put w after a determiner at least
// twice: a noun they talk about ("This place is…" starting many reviews),
// which no boilerplate is ("Translated by Google", "Read more").
func (c *Counter) pointedAt(w string) bool {
	u := c.uses[w]
	return u != nil && u.det >= 2
}

// boilerplate returns the words that are boilerplate (see fixedShare), nil
// when none is.
func (c *Counter) boilerplate(lang string) map[string]bool {
	least := max(fixedMin, int(fixedShare*float64(c.docs)))
	var out map[string]bool
	for key, count := range c.fixed.counts {
		n := *count
		if n < least {
			continue
		}
		var ws []string
		scan(key[1:], lang, func(w, _ string) { ws = append(ws, w) }) // a bracketed part is as written
		for _, w := range ws {
			if tc := c.terms[w]; tc != nil && float64(tc.Docs) <= fixedExplained*float64(n) && !c.pointedAt(w) {
				if out == nil {
					out = map[string]bool{}
				}
				out[w] = true
			}
		}
	}
	return out
}
