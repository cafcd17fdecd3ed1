package analysis

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTerms(t *testing.T) {
	tests := []struct {
		name, text, lang string
		want             []string
	}{
		{"empty", "", "EN", nil},
		{"stop words, case and punctuation", "The Delivery was FAST, and the staff were friendly!", "EN",
			[]string{"delivery", "fast", "staff", "friendly"}},
		{"language code in any case", "the delivery was fast", "en", []string{"delivery", "fast"}},
		{"numbers dropped, words with digits kept", "Paid 12.50 for 3 items, 4G signal, 2024", "EN",
			[]string{"paid", "items", "4g", "signal"}},
		{"one-character words dropped", "a b c x y z ok", "EN", []string{"ok"}},
		{"punctuation and emoji only", "!!! ... --- 👍 🐶 :-)", "EN", nil},
		{"hyphen splits, repeats kept", "customer-service, customer service", "EN",
			[]string{"customer", "service", "customer", "service"}},
		{"English possessive cut", "The company's app", "EN", []string{"company", "app"}},
		{"English contractions are stop words", "I don't think it's what we're after, isn't it", "EN",
			[]string{"think"}},
		{"typographic apostrophe", "The company’s app didn’t load", "EN", []string{"company", "app", "load"}},
		{"unknown language keeps stop words", "the app was slow", "XX", []string{"the", "app", "was", "slow"}},
		{"empty language keeps stop words", "the app", "", []string{"the", "app"}},
		{"Swedish", "Leveransen var inte snabb och personalen var otrevlig", "SV",
			[]string{"leveransen", "snabb", "personalen", "otrevlig"}},
		{"German", "Die Lieferung war nicht schnell, aber das Personal war sehr freundlich", "DE",
			[]string{"lieferung", "schnell", "personal", "freundlich"}},
		{"French elision", "L'application est lente et je n'aime pas l'interface", "FR",
			[]string{"application", "lente", "aime", "interface"}},
		{"determiners are stop words (NLTK's French and Turkish lists lack these)", "Les plats et cette sauce, leurs desserts", "FR",
			[]string{"plats", "sauce", "desserts"}},
		{"Turkish determiner", "Her masada bir mum", "TR", []string{"masada", "mum"}},
		{"French keeps aujourd'hui", "Aujourd'hui le service", "FR", []string{"aujourd'hui", "service"}},
		{"Turkish suffixes after an apostrophe", "İstanbul'da yemekler, Kadıköy'ün en iyisi; 2010'da TL'ye", "TR",
			[]string{"istanbul", "yemekler", "kadıköy", "iyisi", "tl"}},
		{"Spanish", "El servicio fue muy bueno pero el tiempo de espera es largo", "ES",
			[]string{"servicio", "bueno", "tiempo", "espera", "largo"}},
		{"Dutch", "De bezorging was snel en het personeel was vriendelijk", "NL",
			[]string{"bezorging", "snel", "personeel", "vriendelijk"}},
		{"Italian elision", "Il servizio dell'albergo e l'accoglienza sono ottimi", "IT",
			[]string{"servizio", "albergo", "accoglienza", "ottimi"}},
		{"Portuguese", "O atendimento foi muito bom e a entrega foi rápida", "PT",
			[]string{"atendimento", "bom", "entrega", "rápida"}},
		{"Danish", "Leveringen var hurtig og personalet var venligt", "DA",
			[]string{"leveringen", "hurtig", "personalet", "venligt"}},
		{"Norwegian", "Leveringen var rask og personalet var hyggelig", "NO",
			[]string{"leveringen", "rask", "personalet", "hyggelig"}},
		{"Norwegian Bokmål code", "Leveringen var rask og personalet var hyggelig", "NB",
			[]string{"leveringen", "rask", "personalet", "hyggelig"}},
		{"Finnish", "Toimitus oli nopea ja henkilökunta oli ystävällinen", "FI",
			[]string{"toimitus", "nopea", "henkilökunta", "ystävällinen"}},
		{"NFC: decomposed é equals composed é", "cafe\u0301 CAFÉ", "FR", []string{"café", "café"}},
		{"Unicode lower case", "ÄRLIG ÖVERSIKT", "SV", []string{"ärlig", "översikt"}},
		{"Cyrillic", "Доставка была быстрой", "RU", []string{"доставка", "быстрой"}},
		{"URL-ish and abbreviations stay one word", "see example.com e.g. now", "EN",
			[]string{"see", "example.com", "e.g"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Terms(tt.text, tt.lang)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Terms(%q, %q) = %q, want %q", tt.text, tt.lang, got, tt.want)
			}
		})
	}
}

func TestStopWordLanguages(t *testing.T) {
	have := StopWordLanguages()
	for _, l := range []string{"EN", "SV", "DE", "FR", "ES", "NL", "IT", "PT", "DA", "NO", "FI"} {
		if !slices.Contains(have, l) {
			t.Errorf("no stop words for %s (have %v)", l, have)
		}
	}
	if !slices.IsSorted(have) {
		t.Errorf("not sorted: %v", have)
	}
}

func TestIsStopWord(t *testing.T) {
	tests := []struct {
		word, lang string
		want       bool
	}{
		{"the", "EN", true},
		{"The", "en", true},
		{"THE", "En", true},
		{"delivery", "EN", false},
		{"och", "SV", true},
		{"och", "EN", false},
		{"und", "DE", true},
		{"le", "FR", true},
		{"el", "ES", true},
		{"het", "NL", true},
		{"il", "IT", true},
		{"não", "PT", true},
		{"og", "DA", true},
		{"og", "NO", true},
		{"og", "NN", true},
		{"ja", "FI", true},
		{"the", "XX", false},
		{"the", "", false},
		// Content words that broader lists (stopwords-iso) drop.
		{"good", "EN", false},
		{"great", "EN", false},
		{"problem", "EN", false},
		{"website", "EN", false},
		{"order", "EN", false},
		{"bra", "SV", false},
		{"gut", "DE", false},
		{"tiempo", "ES", false},
		{"bueno", "ES", false},
	}
	for _, tt := range tests {
		if got := IsStopWord(tt.word, tt.lang); got != tt.want {
			t.Errorf("IsStopWord(%q, %q) = %v, want %v", tt.word, tt.lang, got, tt.want)
		}
	}
}

func TestStopListsAreFolded(t *testing.T) {
	stopOnce.Do(loadStopWords)
	for lang, set := range stopLists {
		if len(set) < 50 {
			t.Errorf("%s: only %d stop words", lang, len(set))
		}
		for w := range set {
			if w != foldWord(w) || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("%s: stop word %q not folded", lang, w)
			}
		}
	}
}

// checkTerms checks the invariants of Terms' output.
func checkTerms(t *testing.T, text, lang string) {
	t.Helper()
	terms := Terms(text, lang)
	prepared := Prepare(text, lang)
	for _, term := range terms {
		if strings.ToLower(term) != term {
			t.Errorf("Terms(%q, %q): %q not lower case", text, lang, term)
		}
		if IsStopWord(term, lang) {
			t.Errorf("Terms(%q, %q): %q is a stop word", text, lang, term)
		}
		if utf8.RuneCountInString(term) < 2 {
			t.Errorf("Terms(%q, %q): %q has one character", text, lang, term)
		}
		if letter, _ := classify(term); !letter {
			t.Errorf("Terms(%q, %q): %q has no letter", text, lang, term)
		}
		if strings.ContainsFunc(term, func(r rune) bool { return r == ' ' }) {
			t.Errorf("Terms(%q, %q): %q has a space", text, lang, term)
		}
		if !prepared.Contains(term) {
			t.Errorf("Prepare(%q, %q) does not contain its term %q", text, lang, term)
		}
	}
}

var fuzzLangs = []string{"EN", "SV", "DE", "FR", "ES", "NL", "IT", "PT", "DA", "NO", "FI", "RU", "XX", ""}

func FuzzTerms(f *testing.F) {
	for _, s := range []string{
		"The company's customer-service wasn't great, 5 stars!! Don't call me at 10am.",
		"L'eau est très bonne aujourd'hui, qu'il dit",
		"Dell'acqua e l'uomo",
		"cafe\u0301 ÄRLIG Доставка 世界 👍🐶",
		"''' ' a'b 'x' l' d'' it’s",
		"\xff\xfe invalid \xc3",
		"İstanbul ǅ ß ΣΑΣ",
	} {
		for i := range fuzzLangs {
			f.Add(s, uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, text string, li uint8) {
		lang := fuzzLangs[int(li)%len(fuzzLangs)]
		checkTerms(t, text, lang)
		c := NewCounter()
		c.Add(text, lang)
		for _, tc := range c.Top(5) {
			if !c.Has(tc.Term) {
				t.Errorf("counter lacks its top term %q", tc.Term)
			}
		}
	})
}

const benchComment = "The delivery was late again and the customer service agent didn't really help; " +
	"I had to call three times before anyone refunded my order. The app itself is great though!"

func BenchmarkTerms(b *testing.B) {
	b.SetBytes(int64(len(benchComment)))
	b.ReportAllocs()
	for b.Loop() {
		Terms(benchComment, "EN")
	}
}
