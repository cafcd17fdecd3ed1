package analysis

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The first pass counts the uses after a demonstrative in the languages
// with cue lists: "this place", "deze zaak"; not "the food", and nothing
// in a language without cues.
func TestPointedUses(t *testing.T) {
	count := func(lang string, texts ...string) map[string]wordUse {
		c := NewCounter()
		for _, s := range texts {
			c.Add(s, lang)
		}
		return newSaidWords(c, nil, lang).pointed
	}
	en := count("en", "I love this place.", "This place is great.", "The place was full.", "The food was good.", "These fries!")
	if u := en["place"]; u.dem != 2 || u.det != 3 {
		t.Errorf("place: %+v, want 2 of 3 uses after a determiner pointed", u)
	}
	if _, ok := en["food"]; ok {
		t.Errorf("food is pointed at: %+v", en["food"])
	}
	if u := en["fries"]; u.dem != 1 {
		t.Errorf("fries: %+v", u)
	}
	if u := count("nl", "Deze zaak is top.", "Dit restaurant is top.", "De zaak is vol.")["zaak"]; u.dem != 1 || u.det != 2 {
		t.Errorf("zaak: %+v", u)
	}
	if u := count("sv", "Denna restaurang är bra.", "Denna restaurang är bra.")["restaurang"]; u.dem != 2 || u.det != 2 {
		t.Errorf("restaurang: %+v", u)
	}
	if u := count("fi", "Tämä ravintola on hyvä.", "Tämä ravintola on hyvä.")["ravintola"]; u.dem != 2 || u.det != 2 {
		t.Errorf("ravintola: %+v (Finnish's demonstratives, twentieth round)", u)
	}
	if cs := count("cs", "Tato restaurace je dobrá.", "Tato restaurace je dobrá."); len(cs) != 0 {
		t.Errorf("Czech has no cues, got %v", cs)
	}
	for lang, lists := range cueLists {
		for _, w := range strings.Fields(lists[2]) {
			if !slices.Contains(strings.Fields(lists[1]), w) {
				t.Errorf("%s: demonstrative %q is no determiner", lang, w)
			}
		}
	}
}

func TestWholeTopic(t *testing.T) {
	groups := []TopicGroup{
		{Topics: []Topic{{Title: "food", Terms: []string{"food", "dishes"}}, {Title: "restaurant", Terms: []string{"restaurant"}}}},
		{Topics: []Topic{{Title: "service", Terms: []string{"service"}}, {Title: "place", Terms: []string{"place", "places"}}}},
	}
	pointed := map[string]wordUse{
		"food":       {det: 40, dem: 1},
		"dishes":     {det: 10, dem: 1},
		"restaurant": {det: 30, dem: 6}, // 0.2 of its uses after a determiner: no whole
		"place":      {det: 10, dem: 4},
		"places":     {det: 2, dem: 1},
	}
	if k := wholeTopic(groups, pointed); k != 3 {
		t.Errorf("whole topic %d, want 3 (place: 5 of 12 pointed)", k)
	}
	pointed["places"] = wordUse{det: 2}
	if k := wholeTopic(groups, pointed); k != -1 {
		t.Errorf("whole topic %d with place pointed at %d times (< wholeMin), want -1", k, pointed["place"].dem)
	}
	if k := wholeTopic(groups, nil); k != -1 {
		t.Errorf("whole topic %d without counts", k)
	}
}

// wholeTexts are made review sentences: "rude" said of the staff, "tasty"
// of the food, "great" of both; "love" and "recommend" said of the place
// or of nothing named ("Love it."), "perfect" once alone (chance).
func wholeTexts() []string {
	var texts []string
	for range 4 {
		texts = append(texts,
			"The staff was rude.", "Rude staff at the door.", "The food was tasty.", "Tasty food and a view.",
			"Great staff.", "Great food.", "The staff was great.", "Great.",
			"I love this place.", "Love it.", "Love it!", "I recommend this place.", "Recommend!", "Would recommend.",
			"This place is on the corner.", "The place has a view.", "Actually, yes!",
		)
	}
	return append(texts, "Perfect.")
}

func TestJoinWhole(t *testing.T) {
	var texts []string
	c := NewCounter()
	for _, s := range wholeTexts() {
		c.Add(s, "en")
		texts = append(texts, s)
	}
	words := []string{"rude", "tasty", "great", "love", "recommend", "perfect", "actually"}
	said := newSaidWords(c, words, "en")
	ctx := NewContexts([]string{"staff", "food", "place"}, append(slices.Clone(words), "door", "view", "corner"))
	for _, s := range texts {
		ctx.Add(s, "en")
	}
	groups := []TopicGroup{
		{Topics: []Topic{{Title: "staff", Terms: []string{"staff", "rude"}}, {Title: "food", Terms: []string{"food", "tasty"}}}},
		{Topics: []Topic{{Title: "place", Terms: []string{"place"}}}},
	}
	joinWhole(groups, ctx, said, wholeTopic(groups, said.pointed))
	want := []string{"place", "love", "recommend"} // great: near staff and food; perfect: once; actually: a function word
	if got := groups[1].Topics[0].Terms; !slices.Equal(got, want) {
		t.Errorf("place: %v, want %v", got, want)
	}
	if got := groups[0].Topics[0].Terms; !slices.Equal(got, []string{"staff", "rude"}) {
		t.Errorf("staff: %v", got)
	}
	// Without a pointed topic nothing joins.
	said.pointed = nil
	groups[1].Topics[0].Terms = []string{"place"}
	joinWhole(groups, ctx, said, wholeTopic(groups, said.pointed))
	if got := groups[1].Topics[0].Terms; len(got) != 1 {
		t.Errorf("place without demonstratives: %v", got)
	}
}

func TestJoinWholeBound(t *testing.T) {
	var texts, words []string
	for i := range maxOpinionMembers + 3 {
		w := "nice" + string(rune('a'+i))
		words = append(words, w)
		texts = append(texts, "So "+w+"!", "Just "+w+".")
	}
	for range 3 {
		texts = append(texts, "I like this place.", "This place is big.")
	}
	c := NewCounter()
	for _, s := range texts {
		c.Add(s, "en")
	}
	ctx := NewContexts([]string{"place"}, words)
	for _, s := range texts {
		ctx.Add(s, "en")
	}
	said := newSaidWords(c, words, "en")
	groups := []TopicGroup{{Topics: []Topic{{Title: "place", Terms: []string{"place"}}}}}
	joinWhole(groups, ctx, said, wholeTopic(groups, said.pointed))
	if n := len(groups[0].Topics[0].Terms); n != 1+maxWholeMembers {
		t.Errorf("place holds %d terms, want %d", n, 1+maxWholeMembers)
	}
}

// wholeCorpus is saidCorpus's review sentences (each aspect said its own
// opinion word, "great" and "good" said of all) with the place pointed at
// ("this place") and sentences that name nothing but say how the whole is
// ("So loved it, just worth it!"), one in seven.
func wholeCorpus(n int) (texts, alone []string) {
	texts, _ = saidCorpus(n)
	whole := []string{"love it", "recommend it", "worth it", "will return", "loved it"}
	adverb := []string{"so", "just", "very", "too", "again"}
	r := rand.New(rand.NewPCG(11, 5))
	for i := range n / 7 {
		s := fmt.Sprintf("%s %s, %s %s!", adverb[r.IntN(len(adverb))], whole[r.IntN(len(whole))],
			adverb[r.IntN(len(adverb))], whole[r.IntN(len(whole))])
		texts, alone = append(texts, s), append(alone, s)
		texts = append(texts, fmt.Sprintf("%s %s this place.", []string{"We", "I", "They"}[i%3], []string{"love", "recommend"}[r.IntN(2)]))
	}
	return texts, alone
}

// Explored feedback: the sentences that name no aspect fall in the topic
// of the whole ("place"), whose opinion words are said of it; without
// joinWhole (checked) they fall in none.
func TestExploreWholeTopicHoldsWhatNamesNoAspect(t *testing.T) {
	texts, alone := wholeCorpus(600)
	lex := Lexicon{Opinion: opinionOf("rude", "affordable", "tasty", "cozy", "scarce", "spacious", "sweet", "loud",
		"great", "good", "love", "loved", "recommend", "worth", "return")}
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, lex)
	if err != nil {
		t.Fatal(err)
	}
	var place *Topic
	for g := range groups {
		for k := range groups[g].Topics {
			if groups[g].Topics[k].Title == "place" {
				place = &groups[g].Topics[k]
			}
		}
	}
	if place == nil {
		t.Fatalf("no topic titled place: %v", groups)
	}
	for _, s := range alone {
		p := Prepare(s, "en")
		if !slices.ContainsFunc(place.Terms, p.Contains) {
			t.Errorf("%q is not in the topic of the whole %v", s, place.Terms)
		}
	}
	for _, w := range []string{"rude", "tasty", "affordable", "great", "good"} {
		if slices.Contains(place.Terms, w) {
			t.Errorf("%q, said of an aspect, joined the whole: %v", w, place.Terms)
		}
	}
}

// The whole is chosen by the topics' own terms, before opinion words join
// them: "this tasty food" puts a demonstrative before "tasty", which joins
// the food's topic as what is said of it, and must not make the food the
// whole.
func TestWholeChosenBeforeOpinionsJoin(t *testing.T) {
	var texts []string
	for range 4 {
		texts = append(texts, "This tasty food.", "This tasty food, this tasty food.", "This tasty food!", "Wonderful!")
	}
	for range 30 {
		texts = append(texts, "The staff was rude at the door.", "Great staff by the corner.", "The staff, rude.")
	}
	texts = append(texts, wholeTexts()...)
	c := NewCounter()
	for _, s := range texts {
		c.Add(s, "en")
	}
	words := []string{"rude", "tasty", "great", "love", "recommend", "perfect", "wonderful"}
	said := newSaidWords(c, words, "en")
	if said.pointed["tasty"].dem <= said.pointed["place"].dem {
		t.Fatalf("the made texts must point at tasty more than at place: %v", said.pointed)
	}
	ctx := NewContexts([]string{"staff", "food", "place"}, append(slices.Clone(words), "door", "view", "corner"))
	for _, s := range texts {
		ctx.Add(s, "en")
	}
	groups := []TopicGroup{
		{Topics: []Topic{{Title: "staff", Terms: []string{"staff"}}, {Title: "food", Terms: []string{"food"}}}},
		{Topics: []Topic{{Title: "place", Terms: []string{"place"}}}},
	}
	joinSaid(groups, ctx, said)
	if food := groups[0].Topics[1].Terms; !slices.Contains(food, "tasty") || slices.Contains(food, "wonderful") {
		t.Errorf("food: %v, want tasty (said of it) and not wonderful (said of nothing)", food)
	}
	if place := groups[1].Topics[0].Terms; !slices.Contains(place, "wonderful") {
		t.Errorf("place: %v, want wonderful, said of nothing, in the whole", place)
	}
}
