package tonality

import "testing"

// Turkish typed without its letters has the tonality of the same text
// with them: its opinion words, their inflections and the rule words
// (negators, intensifiers) are known in their plain forms; a plain form
// that is a word of its own is not taken for the word it types ("sik",
// "su"), and one that two words of different valence share is neither.
func TestTypedPlain(t *testing.T) {
	a, _ := For("tr")
	for plain, word := range map[string]string{"guzel": "güzel", "pahali": "pahalı", "mukemmel": "mükemmel", "kotuydu": "kötüydü"} {
		v, ok := a.Polarity(plain)
		w, _ := a.Polarity(word)
		if !ok || v != w {
			t.Errorf("%q: %v %v, want %q's %v", plain, v, ok, word, w)
		}
	}
	for _, w := range []string{"cok", "degil"} {
		if !a.IsFunctionWord(w) {
			t.Errorf("%q is no rule word", w)
		}
	}
	if a.Describes("sik") || a.Describes("su") {
		t.Error("a plain form that is a word of its own is an opinion word")
	}
	if _, ok := a.Polarity("arkadaşım"); ok {
		t.Fatal(`"arkadaşım" is no neutral word: the test needs one`)
	}
	if v, ok := a.Polarity("arkadasim"); ok {
		t.Errorf("the plain typing of a neutral word has a valence: %v", v)
	}
	with, without := a.Analyze("Yemekler çok güzel ama servis değil, garson kötüydü."), a.Analyze("yemekler cok guzel ama servis degil, garson kotuydu.")
	if with.Score != without.Score || len(with.Opinions) != len(without.Opinions) {
		t.Errorf("typed plain %+v, with the letters %+v", without, with)
	}
	lex := lexicon{words: map[string]float64{"düş": 0.3, "duş": -0.1, "güzel": 0.8, "adli": 0.1, "adlı": 0.2}, neutral: map[string]bool{}, descriptive: map[string]bool{"büyük": true}}
	addPlainWords("TR", &lex)
	if _, ok := lex.words["dus"]; ok {
		t.Error("a plain form two words of different valence share is known")
	}
	if lex.words["guzel"] != 0.8 || lex.words["adli"] != 0.1 || !lex.descriptive["buyuk"] {
		t.Errorf("plain forms: %v, descriptive %v", lex.words, lex.descriptive)
	}
	en := lexicon{words: map[string]float64{"naïve": -0.3}, neutral: map[string]bool{}}
	if addPlainWords("EN", &en); len(en.words) != 1 {
		t.Error("English has plain forms")
	}
}
