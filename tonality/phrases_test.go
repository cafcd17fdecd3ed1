package tonality

import "testing"

func TestPhrases(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       int
	}{
		{"EN", "I can't wait to go there.", 1},
		{"EN", "Not worth the money.", -1},
		{"EN", "Try the curry!", 1},
		{"EN", "The screen stopped working after a week.", -1},
		{"EN", "Top-notch service.", 1},
		{"EN", "We will come back.", 1},
		{"EN", "We would not come back.", -1},
		{"EN", "Nothing to complain about.", 1},
		{"EN", "The fries could have been better.", -1},
		{"EN", "Great value for money.", 1},
		{"EN", "You should pass on the calamari.", -1},
		{"EN", "The dessert was too sweet.", -1},
		{"EN", "The movie ran too long.", -1},
		{"EN", "The food was great too.", 1},
		{"EN", "It shuts down for no reason without warning.", -1},
		{"EN", "I can't wait to go back.", 1},
		{"EN", "The dim sum was great.", 1},
		{"EN", "The hard drive is fast.", 1},
		{"EN", "I wish the keys were backlit.", -1},
		{"EN", "The buttons could be more durable.", -1},
		{"EN", "It could have been a great laptop.", -1},
		{"EN", "I would like a better screen.", -1},
		{"EN", "The staff could not have been nicer.", 1},
		{"EN", "You will be happy with it.", 1},
		{"EN", "It made for a less than comfortable meal.", -1},
		{"EN", "They were more than accommodating.", 1},
		{"DE", "Das Essen war weniger als gut.", -1},
		{"FR", "Le plat était trop salé.", -1},
		{"NL", "Een echte aanrader!", 1},
		{"NL", "Het eten liet lang op zich wachten en was te duur.", -1},
		{"DE", "Sehr zu empfehlen.", 1},
		{"FR", "Le service laisse à désirer.", -1},
		{"ES", "No vale la pena.", -1},
	} {
		a := analyzer(t, c.lang)
		got := a.Analyze(c.text)
		if sign(got.Score) != c.want {
			t.Errorf("%s %q: score %v, want sign %d (opinions %v)", c.lang, c.text, got.Score, c.want, got.Opinions)
		}
	}
}

func TestPhraseAtClauseStartOnly(t *testing.T) {
	a := analyzer(t, "EN")
	if got := a.Analyze("I did not try it."); got.Score > 0 {
		t.Errorf("'try' inside a clause: %v, want no positive opinion", got.Score)
	}
	if got := a.Analyze("Grab a hot dog."); len(got.Opinions) != 0 {
		t.Errorf("a 0 phrase: opinions %v, want none", got.Opinions)
	}
	got := a.Analyze("It's a top-notch laptop.")
	if len(got.Opinions) != 1 || got.Opinions[0].Start != 7 || got.Opinions[0].End != 16 {
		t.Errorf("phrase span: %v, want one opinion over bytes 7-16", got.Opinions)
	}
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
