package tonality

import "testing"

// Tonality's stop words are exploring's (analysis.IsStopWord), the
// determiners it adds to NLTK's lists included, ASCII or not: "les" and
// "bir" are stop words as "tüm" is, so a learner never takes them for
// opinion words.
func TestStopWordsAreExploringsStopWords(t *testing.T) {
	for _, c := range []struct{ lang, word string }{{"FR", "les"}, {"FR", "cette"}, {"TR", "bir"}, {"TR", "tüm"}, {"EN", "the"}} {
		a, ok := For(c.lang)
		if !ok {
			t.Fatalf("no analyzer for %s", c.lang)
		}
		if in := a.base.info(c.word); in == nil || in.flags&fStop == 0 {
			t.Errorf("%s %q: not a stop word of tonality", c.lang, c.word)
		}
	}
}
