package tonality

import (
	"strings"
	"testing"
)

// mention returns the Mention score at the first occurrence of word.
func mention(t *testing.T, a *Analyzer, text, word string) float64 {
	t.Helper()
	i := strings.Index(text, word)
	if i < 0 {
		t.Fatalf("%q not in %q", word, text)
	}
	s, ok := a.Analyze(text).Mention([]int{i})
	if !ok {
		t.Fatalf("Mention(%q) in %q: not ok", word, text)
	}
	return s
}

func analyzer(t testing.TB, lang string) *Analyzer {
	t.Helper()
	a, ok := For(lang)
	if !ok {
		t.Fatalf("For(%q): no data", lang)
	}
	return a
}

func TestMentionSplitsAtContrast(t *testing.T) {
	a := analyzer(t, "EN")
	text := "great food but the service was painfully slow"
	if s := mention(t, a, text, "food"); s <= 0 {
		t.Errorf("food: %v, want positive", s)
	}
	if s := mention(t, a, text, "service"); s >= 0 {
		t.Errorf("service: %v, want negative", s)
	}
	if got := a.Analyze(text); got.Score >= 0 || len(got.Clauses) != 2 {
		t.Errorf("text: score %v, %d clauses; want negative (after 'but' weighs more), 2", got.Score, len(got.Clauses))
	}
}

func TestSign(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       int
	}{
		{"EN", "The food was good.", 1},
		{"EN", "The food was not good.", -1},
		{"EN", "Nothing special.", -1},
		{"EN", "No problem at all, thanks!", 1},
		{"EN", "We will never go there again.", -1},
		{"EN", "The battery didn't work.", -1},
		{"EN", "Not bad at all.", 1},
		{"EN", "I love it 😍", 1},
		{"EN", "meh :(", -1},
		{"SV", "Maten var inte god.", -1},
		{"DE", "Das Essen war nicht lecker.", -1},
		{"FR", "Le repas n'était pas bon.", -1},
		{"ES", "La comida no estaba rica.", -1},
		{"NL", "Het eten was niet lekker.", -1},
		{"DA", "Maden var ikke god.", -1},
		{"NO", "Maten var ikke god.", -1},
		{"IT", "Il cibo non era buono.", -1},
		{"PT", "A comida não era saborosa.", -1},
	} {
		got := analyzerFor(t, c.lang).Analyze(c.text).Score
		if got*float64(c.want) <= 0 {
			t.Errorf("%s %q: score %v, want sign %d", c.lang, c.text, got, c.want)
		}
	}
}

func analyzerFor(t *testing.T, lang string) *Analyzer { return analyzer(t, lang) }

func TestContrastPerLanguage(t *testing.T) {
	for _, c := range []struct{ lang, text, good, bad string }{
		{"SV", "Maten var god men servicen var långsam.", "Maten", "servicen"},
		{"DE", "Das Essen war lecker, aber der Service war sehr langsam.", "Essen", "Service"},
		{"FR", "La cuisine était délicieuse mais le service était lent.", "cuisine", "service"},
		{"ES", "La comida estaba deliciosa pero el servicio era lento.", "comida", "servicio"},
		{"NL", "Het eten was lekker maar de bediening was traag.", "eten", "bediening"},
		{"DA", "Maden var lækker men betjeningen var langsom.", "Maden", "betjeningen"},
		{"NO", "Maten var deilig men servicen var treg.", "Maten", "servicen"},
		{"IT", "Il cibo era delizioso ma il servizio era lento.", "cibo", "servizio"},
		{"PT", "A comida era deliciosa mas o serviço era lento.", "comida", "serviço"},
	} {
		a := analyzer(t, c.lang)
		if s := mention(t, a, c.text, c.good); s <= 0 {
			t.Errorf("%s %q at %q: %v, want positive", c.lang, c.text, c.good, s)
		}
		if s := mention(t, a, c.text, c.bad); s >= 0 {
			t.Errorf("%s %q at %q: %v, want negative", c.lang, c.text, c.bad, s)
		}
	}
}

func TestIntensity(t *testing.T) {
	for _, c := range []struct{ lang, plain, strong, weak string }{
		{"EN", "The food was good.", "The food was very good.", "The food was slightly good."},
		{"EN", "The room was slow.", "The room was extremely slow.", "The room was a bit slow."},
		{"DE", "Das Essen war lecker.", "Das Essen war sehr lecker.", "Das Essen war etwas lecker."},
		{"FR", "Le repas était bon.", "Le repas était très bon.", "Le repas était assez bon."},
		{"SV", "Maten var god.", "Maten var mycket god.", "Maten var ganska god."},
	} {
		a := analyzer(t, c.lang)
		p, s, w := a.Analyze(c.plain).Score, a.Analyze(c.strong).Score, a.Analyze(c.weak).Score
		abs := func(x float64) float64 { return max(x, -x) }
		if !(abs(s) > abs(p) && abs(p) > abs(w) && w*p > 0) {
			t.Errorf("%s: |%v| > |%v| > |%v| (same sign) does not hold", c.lang, s, p, w)
		}
	}
}

func TestComparatives(t *testing.T) {
	for _, c := range []struct{ lang, text, better, worse string }{
		{"EN", "The pizza here is better than the pizza at Luigi's.", "pizza here", "Luigi"},
		{"EN", "Luigi's is worse than Mario's.", "Mario", "Luigi"},
		{"DE", "Die Pizza hier ist besser als die Pizza bei Luigi.", "Pizza hier", "Luigi"},
		{"SV", "Pizzan här är bättre än pizzan hos Luigi.", "Pizzan", "Luigi"},
		{"ES", "La pizza aquí es mejor que la de Luigi.", "pizza", "Luigi"},
	} {
		a := analyzer(t, c.lang)
		b, w := mention(t, a, c.text, c.better), mention(t, a, c.text, c.worse)
		if b <= w {
			t.Errorf("%s %q: %q %v should be above %q %v", c.lang, c.text, c.better, b, c.worse, w)
		}
	}
}

func TestConcessiveInsideClause(t *testing.T) {
	a := analyzer(t, "EN")
	text := "The decor is nice though the service can be spotty."
	if s := mention(t, a, text, "decor"); s <= 0 {
		t.Errorf("decor: %v, want positive", s)
	}
	if s := mention(t, a, text, "service"); s >= 0 {
		t.Errorf("service: %v, want negative", s)
	}
	// At a sentence's end it starts no clause of its own words.
	if got := a.Analyze("The crispy chicken was great, though."); got.Score <= 0 {
		t.Errorf("trailing though: %v, want positive", got.Score)
	}
}

// TestHasAgreesWithFor: Has answers what For does for every way a
// language can be named, without loading anything.
func TestHasAgreesWithFor(t *testing.T) {
	for _, lang := range []string{"EN", "en", " nl ", "NB", "nn", "IW", "he", "xx", "", "ZZZ"} {
		_, ok := For(lang)
		if Has(lang) != ok {
			t.Errorf("%q: Has %v, For %v", lang, Has(lang), ok)
		}
	}
}
