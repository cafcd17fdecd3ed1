package tonality

import "testing"

// A stem entry of the lexicons (DE ES FR IT NL RU) gives its valence to
// the words the language's Snowball stemmer reduces to it, not to every
// word it begins: "serv*" made Italian servizio (service) negative and
// Spanish servicio positive, "pacc*" pacchetto (parcel) negative, "inter*"
// interfaz positive. The inflections of opinion words keep their
// valence, and the names of the things reviewed that a stem or homograph
// of another word made opinions are none (the supplements' word:0).
func TestStemsMatchTheirWords(t *testing.T) {
	none := [][2]string{{"IT", "servizio"}, {"IT", "pacchetto"}, {"ES", "servicio"}, {"ES", "interfaz"},
		{"IT", "server"}, {"RU", "место"}, {"RU", "месте"}, {"ES", "precios"},
		{"FR", "prix"}, {"DE", "wein"}, {"IT", "piatto"}}
	for _, c := range none {
		a, _ := For(c[0])
		if v, ok := a.Polarity(c[1]); ok {
			t.Errorf("%s %q is an opinion word (%.2f)", c[0], c[1], v)
		}
	}
	signs := []struct {
		lang, word string
		sign       float64
	}{{"DE", "schlechte", -1}, {"RU", "плохая", -1}, {"ES", "horribles", -1}, {"IT", "pessima", -1},
		{"NL", "lekkere", 1}, {"FR", "excellente", 1}, {"RU", "вежливо", 1}}
	for _, c := range signs {
		a, _ := For(c.lang)
		if v, ok := a.Polarity(c.word); !ok || v*c.sign <= 0 {
			t.Errorf("%s %q: %.2f %v, want the sign %v", c.lang, c.word, v, ok, c.sign)
		}
	}
	a, _ := For("IT")
	if r := a.Analyze("Il servizio è arrivato alle otto."); r.Score != 0 {
		t.Errorf("a sentence that names the service without an opinion scores %.2f", r.Score)
	}
}

// A lexicon of word forms (TR SV DA NO FI HU PT RO) also knows the
// inflections of its words: a word that is a listed word with an ending
// the Snowball stemmer strips takes its valence ("güzeldi", it was nice;
// "trevligare", nicer). A word that only shares a stem with a listed word
// does not (Swedish "läcker", delicious, and "läcka", to leak), nor does a
// function word, and English keeps its word list alone.
func TestInflectionsOfListedWords(t *testing.T) {
	signs := []struct {
		lang, word string
		sign       float64
	}{{"TR", "güzeldi", 1}, {"TR", "kötüydü", -1}, {"SV", "trevligare", 1}, {"FI", "huonoja", -1}, {"PT", "maravilhosas", 1}}
	for _, c := range signs {
		a, _ := For(c.lang)
		if _, listed := a.lex.words[c.word]; listed {
			t.Fatalf("%s %q is listed: the test needs a form the lexicon lacks", c.lang, c.word)
		}
		if v, ok := a.Polarity(c.word); !ok || v*c.sign <= 0 {
			t.Errorf("%s %q: %.2f %v, want the sign %v", c.lang, c.word, v, ok, c.sign)
		}
	}
	none := [][2]string{{"SV", "läcker"}, {"NO", "over"}}
	for _, c := range none {
		a, _ := For(c[0])
		if v, ok := a.Polarity(c[1]); ok {
			t.Errorf("%s %q is an opinion word (%.2f)", c[0], c[1], v)
		}
	}
	if en, _ := For("EN"); en.lex.byForm() {
		t.Error("English looks beyond its word list")
	}
}
