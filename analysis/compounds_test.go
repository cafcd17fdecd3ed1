package analysis

import (
	"fmt"
	"slices"
	"testing"
)

// compoundTexts are made Dutch review sentences: the heads kaart,
// personeel, gerecht and eten each in many texts, their compounds in a few.
func compoundTexts() []string {
	var texts []string
	for range 4 {
		texts = append(texts,
			"De kaart is uitgebreid.", "Op de kaart staat veel vis.",
			"Het personeel was vriendelijk.", "Personeel deed zijn best.",
			"Het gerecht was koud.", "Een gerecht met vis en wijn.",
			"Het eten was lekker.", "Wij eten hier graag.",
			"De wijn was goed.", "Het menu is klein.", "De bediening was traag.",
		)
	}
	return append(texts,
		"De wijnkaart is kort.", "Een mooie wijnkaart.", // wijn + kaart
		"Het bedieningspersoneel lachte.",    // bediening + s + personeel
		"Het hoofdgerecht kwam laat.",        // hoofd (a word below) + gerecht
		"Het hoofd van de zaak.",             //
		"Een visgerecht: tong.",              // vis: 3 letters are enough
		"Een zeevis uit de zee.",             // vis is too short a head
		"Het voorgerecht was klein.",         // voor: a stop word
		"Ik ben mijn jas vergeten.",          // verg is no word: not eten
		"De menukaart en de dessertkaart.",   // menu + kaart, dessert + kaart
		"Een dessert na afloop.",             //
		"Wijnkaartje bij de wijnkaart.",      // kaartje is no head
		"De rekening en de kaartautomaat.",   // kaart is the modifier here
		"Het gerechtshof en het recht zelf.", //
	)
}

func TestJoinCompounds(t *testing.T) {
	c := NewCounter()
	for _, s := range compoundTexts() {
		c.Add(s, "nl")
	}
	groups := []TopicGroup{
		{Title: "kaart", Topics: []Topic{{Title: "kaart", Terms: []string{"kaart", "menu"}}, {Title: "wijn", Terms: []string{"wijn"}}}},
		{Title: "personeel", Topics: []Topic{{Title: "personeel", Terms: []string{"personeel"}}, {Title: "bediening", Terms: []string{"bediening"}}}},
		{Title: "gerecht", Topics: []Topic{{Title: "gerecht", Terms: []string{"gerecht"}}, {Title: "eten", Terms: []string{"eten"}}}},
	}
	joinCompounds(groups, newTextWords(c, func(string) bool { return true }, "nl", false, nil))
	want := map[string][]string{
		"kaart":     {"kaart", "menu", "wijnkaart", "dessertkaart", "menukaart"},
		"wijn":      {"wijn"},
		"personeel": {"personeel", "bedieningspersoneel"},
		"bediening": {"bediening"},
		"gerecht":   {"gerecht", "hoofdgerecht", "visgerecht", "voorgerecht"},
		"eten":      {"eten"},
	}
	for _, g := range groups {
		for _, tp := range g.Topics {
			if !slices.Equal(tp.Terms, want[tp.Title]) {
				t.Errorf("%s: %v, want %v", tp.Title, tp.Terms, want[tp.Title])
			}
		}
	}
}

// A compound that is no aspect, or in more texts than its head, or a term
// of a topic already, does not join; a head shorter than minHead letters
// or in fewer than exploreMinDocs texts takes none.
func TestJoinCompoundsGuards(t *testing.T) {
	c := NewCounter()
	for _, s := range compoundTexts() {
		c.Add(s, "nl")
	}
	for range 60 {
		c.Add("Nog een wijnkaart.", "nl") // now in more texts than kaart
	}
	groups := []TopicGroup{{Title: "gerecht", Topics: []Topic{
		{Title: "gerecht", Terms: []string{"gerecht"}},
		{Title: "voorgerecht", Terms: []string{"voorgerecht"}},
		{Title: "kaart", Terms: []string{"kaart"}},
		{Title: "vis", Terms: []string{"vis"}},         // too short a head
		{Title: "recht", Terms: []string{"recht"}},     // in one text only
		{Title: "dessert", Terms: []string{"dessert"}}, // in two texts only
	}}}
	notAspect := func(w string) bool { return w != "hoofdgerecht" }
	joinCompounds(groups, newTextWords(c, notAspect, "nl", false, nil))
	want := map[string][]string{
		"kaart":   {"kaart", "dessertkaart", "menukaart"},
		"gerecht": {"gerecht", "visgerecht"},
	}
	for _, tp := range groups[0].Topics {
		w := want[tp.Title]
		if w == nil {
			w = []string{tp.Title}
		}
		if !slices.Equal(tp.Terms, w) {
			t.Errorf("%s: %v, want %v", tp.Title, tp.Terms, w)
		}
	}
}

// madeReviews are varied made Dutch review sentences about a few aspects,
// and sentences naming only a compound of one of them.
func madeReviews() (texts, compoundOnly []string) {
	said := map[string][]string{ // each aspect said to be its own things
		"kaart":     {"uitgebreid", "beperkt", "kort", "lang", "vernieuwd", "gevarieerd"},
		"personeel": {"vriendelijk", "behulpzaam", "attent", "onbeleefd", "vlot", "gehaast"},
		"gerecht":   {"warm", "koud", "gekruid", "smakelijk", "zout", "flauw"},
		"wijn":      {"rood", "wit", "droog", "zoet", "fris", "zuur"},
		"sfeer":     {"gezellig", "rustig", "druk", "romantisch", "knus", "kil"},
		"prijs":     {"hoog", "laag", "redelijk", "schappelijk", "gepast", "pittig"},
	}
	frames := []string{"De %s was %s.", "Wat een %s, zo %s!", "Ik vond de %s %s.", "%s: %s."}
	for a, ws := range said {
		for j, w := range ws {
			for k, f := range frames {
				if (j+k)%2 == 0 {
					texts = append(texts, fmt.Sprintf(f, a, w))
				}
			}
		}
	}
	slices.Sort(texts)
	compoundOnly = []string{"De wijnkaart was kort.", "Een wijnkaart vol verrassingen.",
		"Het bedieningspersoneel lachte vriendelijk.", "Het hoofdgerecht kwam koud.",
		"De menukaart was vies.", "Wat een visgerecht!"}
	texts = append(texts, "Het menu en de bediening.", "De bediening was goed.", "Verse vis uit de zee.", "Een hoofd vol zorgen.")
	return append(texts, compoundOnly...), compoundOnly
}

// Explored made Dutch reviews: a text naming only a compound falls in the
// topic of its head, not in the topic of its modifier.
func TestExploreCompounds(t *testing.T) {
	texts, only := madeReviews()
	lex := Lexicon{Opinion: opinionOf("vies", "vriendelijk", "lekker")}
	groups, err := Explore(func(fn func(string)) error {
		for _, s := range texts {
			fn(s)
		}
		return nil
	}, "NL", ExploreOptions{Topics: 6}, lex)
	if err != nil {
		t.Fatal(err)
	}
	var topics []Topic
	for _, g := range groups {
		topics = append(topics, g.Topics...)
	}
	topicOf := func(term string) string {
		for _, tp := range topics {
			if slices.Contains(tp.Terms, term) {
				return tp.Title
			}
		}
		return ""
	}
	modifier := map[string]string{"wijnkaart": "wijn", "menukaart": "menu",
		"bedieningspersoneel": "bediening", "hoofdgerecht": "hoofd", "visgerecht": "vis"}
	for compound, head := range map[string]string{"wijnkaart": "kaart", "menukaart": "kaart",
		"bedieningspersoneel": "personeel", "hoofdgerecht": "gerecht", "visgerecht": "gerecht"} {
		if got := topicOf(compound); got == "" || got != topicOf(head) {
			t.Errorf("%s in topic %q, %s in %q", compound, got, head, topicOf(head))
		}
		if topicOf(compound) == topicOf(modifier[compound]) {
			t.Errorf("%s in the topic of %s", compound, modifier[compound])
		}
	}
	for _, s := range only {
		p := Prepare(s, "NL")
		in := false
		for _, tp := range topics {
			in = in || p.Matches(tp.Terms)
		}
		if !in {
			t.Errorf("%q is in no topic: %v", s, topics)
		}
	}
}

// English compounds are not joined: most English words that end in
// another are no kind of it.
func TestJoinCompoundsEnglish(t *testing.T) {
	c := NewCounter()
	for _, s := range []string{"The food was good.", "Food here!", "Great food.", "The sea was calm.", "Fresh seafood.", "Some vegetables and a table."} {
		c.Add(s, "en")
	}
	for _, lang := range []string{"en", "nl"} {
		groups := []TopicGroup{{Title: "food", Topics: []Topic{{Title: "food", Terms: []string{"food"}}}}}
		joinCompounds(groups, newTextWords(c, func(string) bool { return true }, lang, false, nil))
		if got := len(groups[0].Topics[0].Terms); got != map[string]int{"en": 1, "nl": 2}[lang] {
			t.Errorf("%s: %v", lang, groups[0].Topics[0].Terms)
		}
	}
}

// At most maxCompounds compounds join a topic, those in most texts.
func TestJoinCompoundsBound(t *testing.T) {
	c := NewCounter()
	for range 100 {
		c.Add("de kaart", "nl")
	}
	for i := range maxCompounds + 5 { // in 1, 2 and 3 texts, 15 of each
		m := "mod" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		c.Add(m, "nl")
		for range i % 3 {
			c.Add(m+"kaart", "nl")
		}
		c.Add(m+"kaart", "nl")
	}
	groups := []TopicGroup{{Title: "kaart", Topics: []Topic{{Title: "kaart", Terms: []string{"kaart"}}}}}
	joinCompounds(groups, newTextWords(c, func(string) bool { return true }, "nl", false, nil))
	terms := groups[0].Topics[0].Terms
	if len(terms) != 1+maxCompounds {
		t.Fatalf("%d terms", len(terms))
	}
	for k := 2; k < len(terms); k++ {
		if a, b := c.Count(terms[k-1]).Docs, c.Count(terms[k]).Docs; a < b {
			t.Errorf("%s (%d texts) before %s (%d)", terms[k-1], a, terms[k], b)
		}
	}
	once := 0
	for _, term := range terms[1:] {
		if c.Count(term).Docs == 1 {
			once++
		}
	}
	if once != maxCompounds-30 {
		t.Errorf("%d compounds of one text kept, want %d", once, maxCompounds-30)
	}
}
