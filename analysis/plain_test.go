package analysis

import "testing"

// Turkish typed without its letters: the plain forms of its function
// words are function words (stop words, the fuller list, cue words), two
// forms of one word are variants ("çay", three letters, is no edit apart
// by length), and a plain form that is a word of its own ("su", water, of
// "şu") is none.
func TestTypedPlainFunctionWords(t *testing.T) {
	for _, w := range []string{"cok", "icin", "hic", "sey", "cunku"} {
		if !IsStopWord(w, "tr") {
			t.Errorf("%q is no Turkish stop word", w)
		}
	}
	if IsStopWord("su", "tr") || IsStopWord("cok", "az") || IsStopWord("icin", "en") {
		t.Error("a plain form that is a word of its own, or of another language, is a stop word")
	}
	if _, ok := functionSet("tr")["oldugu"]; !ok {
		t.Error(`"oldugu" (olduğu) is not in the fuller list`)
	}
	if k, ok := cuesOf("tr")["cok"]; !ok || k != cuePred {
		t.Error(`"cok" (çok) is no predicative cue`)
	}
	if PlainForm("güzel", "TR") != "guzel" || PlainForm("şu", "tr") != "" || PlainForm("güzel", "de") != "" || PlainForm("masa", "tr") != "" {
		t.Error("PlainForm")
	}
	v := variantTest("tr")
	if !v("çay", "cay") || !v("sipariş", "siparis") || v("şu", "su") || v("dış", "diş") {
		t.Error("typed with and without the letters are not variants, or two words with the letters are")
	}
	if variantTestWith("tr", false)("çay", "cay") {
		t.Error("a plain typing is a variant without the texts using the two alike")
	}
}
