package analysis

import "testing"

func TestFoldTerm(t *testing.T) {
	for in, want := range map[string]string{
		"Veggie_Burger ":     "veggie burger",
		"veggie  burger":     "veggie burger",
		"veggie\u00a0burger": "veggie burger",
		"Customer-Service":   "customer service",
		"Don’t":              "don't",
		" ! ":                "",
		"":                   "",
		"4G":                 "4g",
	} {
		if got := FoldTerm(in); got != want {
			t.Errorf("FoldTerm(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTextContains(t *testing.T) {
	text := Prepare("I loved the Veggie Burger, but the company's e-mail support (24/7?) didn’t answer. Covid 19!", "EN")
	tests := []struct {
		term string
		want bool
	}{
		{"burger", true},
		{"BURGER", true},
		{"veggie burger", true},
		{"veggie_burger", true},
		{"Veggie_Burger", true},
		{"burger veggie", false},
		{"veggie", true},
		{"burgers", false},
		{"burg", false},
		{"the", true}, // stop words are words of the text
		{"the veggie burger", true},
		{"loved the veggie", true},
		{"company", true},   // possessive cut
		{"company's", true}, // as written
		{"e-mail", true},
		{"e mail", true},
		{"email", false},
		{"mail support", true},
		{"didn't", true},
		{"didn’t answer", true},
		{"covid 19", true},
		{"19", true},
		{"24", true},
		{"pizza", false},
		{"", false},
		{"  ", false},
		{"burger veggie burger", false},
	}
	for _, tt := range tests {
		if got := text.Contains(tt.term); got != tt.want {
			t.Errorf("Contains(%q) = %v, want %v", tt.term, got, tt.want)
		}
	}
	if !text.Matches([]string{"pizza", "veggie_burger"}) || text.Matches([]string{"pizza", "pasta"}) || text.Matches(nil) {
		t.Error("Text.Matches")
	}
	var zero Text
	if zero.Contains("x") || zero.Matches([]string{"a"}) {
		t.Error("zero Text contains something")
	}
}

func TestTextContainsElision(t *testing.T) {
	text := Prepare("J'adore l'application mais l'interface est lente", "FR")
	for _, term := range []string{"application", "l'application", "interface", "lente", "adore"} {
		if !text.Contains(term) {
			t.Errorf("missing %q", term)
		}
	}
}

// A Turkish proper name matches in its forms with suffixes after an
// apostrophe, as written ("Kadıköy'de") or as the term ("kadıköy").
func TestTextContainsTurkishSuffixes(t *testing.T) {
	text := Prepare("Kadıköy'de en iyi balık, Ahmet Usta'nın dükkanı", "TR")
	for _, term := range []string{"kadıköy", "Kadıköy'de", "usta", "ahmet usta'nın", "balık"} {
		if !text.Contains(term) {
			t.Errorf("missing %q", term)
		}
	}
	if text.Contains("kadıköy'ün") {
		t.Error("another form of the name, as written, matched")
	}
}
