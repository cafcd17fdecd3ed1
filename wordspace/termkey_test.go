package wordspace

import (
	"math/rand/v2"
	"strings"
	"testing"

	"explorer/analysis"
	"explorer/wordspace/lexicon"
)

// foldLike is what Fold should be: the service layer's term identity with
// every word separator as a plain space.
func foldLike(term string) string {
	return strings.Map(func(r rune) rune {
		if lexicon.IsWordSep(r) {
			return ' '
		}
		return r
	}, analysis.TermKey(term))
}

// A word space's lookup key is the term identity of the service layer
// (analysis.TermKey) with word separators as spaces: two terms a pole
// holds as one are one word here, so leaving a pole's own terms out of
// its suggestions never lets one of them through.
func TestFoldIsTermKeyWithSeparators(t *testing.T) {
	cases := []string{"", " Sun ", "ICE_cream", "Ice Cream", "\tBrød\u00a0Og  Smør ", "İstanbul", "ΣΊΣΥΦΟΣ", "a\xffb", "ǅemal"}
	alphabet := []rune("aZéÉßẞİıΣσς_ \t\u00a0-'’0Ǆǅǆ\uFFFD")
	r := rand.New(rand.NewPCG(1, 23))
	for range 20_000 {
		b := make([]rune, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if got, want := Fold(strings.TrimSpace(c)), foldLike(c); got != want {
			t.Fatalf("Fold(%q) = %q, the term key with separators as spaces is %q", c, got, want)
		}
	}
}

func FuzzFoldIsTermKeyWithSeparators(f *testing.F) {
	f.Add(" Ice_Cream ")
	f.Add("a\xffB")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Fold(strings.TrimSpace(s)), foldLike(s); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
		}
	})
}
