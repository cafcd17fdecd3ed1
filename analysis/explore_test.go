package analysis

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// theme is a subject of the generated corpus: the words that name it and
// the words its texts use around them.
type theme struct {
	names    []string
	contexts []string
	domain   int // themes of one domain share the domain's words
}

var (
	exploreThemes = []theme{
		{[]string{"coffee", "blorf"}, []string{"espresso", "roast", "beans", "barista", "arabica", "grinder"}, 0},
		{[]string{"tea"}, []string{"teapot", "leaves", "infusion", "kettle", "oolong", "steep"}, 0},
		{[]string{"python", "perl"}, []string{"script", "interpreter", "module", "syntax", "regex", "cpan"}, 1},
		{[]string{"java"}, []string{"jvm", "bytecode", "classes", "maven", "gradle", "spring"}, 1},
		{[]string{"snake"}, []string{"reptile", "venom", "scales", "cobra", "terrarium", "slither"}, 2},
		{[]string{"parrot"}, []string{"feathers", "beak", "cage", "aviary", "chirp", "wings"}, 2},
		{[]string{"football"}, []string{"goal", "striker", "referee", "penalty", "stadium", "league"}, 3},
		{[]string{"tennis"}, []string{"racket", "serve", "volley", "court", "deuce", "wimbledon"}, 3},
	}
	exploreDomains = [][]string{
		{"drink", "morning", "cafe", "taste"},
		{"code", "developer", "programming", "software"},
		{"animal", "zoo", "keeper", "wildlife"},
		{"match", "team", "season", "players"},
	}
)

// exploreCorpus generates n texts over exploreThemes, each naming its theme
// once among a few of its context words, one of its domain's words and
// stop words.
func exploreCorpus(n int) []string {
	r := rand.New(rand.NewPCG(21, 21))
	out := make([]string, n)
	for i := range out {
		th := exploreThemes[i%len(exploreThemes)]
		words := []string{th.names[r.IntN(len(th.names))]}
		for _, k := range r.Perm(len(th.contexts))[:3] {
			words = append(words, th.contexts[k])
		}
		dom := exploreDomains[th.domain]
		words = append(words, dom[r.IntN(len(dom))])
		r.Shuffle(len(words), func(a, b int) { words[a], words[b] = words[b], words[a] })
		out[i] = "The " + strings.Join(words, " and the ") + " is here."
	}
	return out
}

func textsOf(list []string) Texts {
	return func(fn func(string)) error {
		for _, t := range list {
			fn(t)
		}
		return nil
	}
}

// topicOf returns the topic holding term, nil when none.
func topicOf(groups []TopicGroup, term string) *Topic {
	for _, g := range groups {
		for i, t := range g.Topics {
			if slices.Contains(t.Terms, term) {
				return &g.Topics[i]
			}
		}
	}
	return nil
}

func exploreTest(t *testing.T, opt ExploreOptions, lex Lexicon) []TopicGroup {
	t.Helper()
	groups, err := Explore(textsOf(exploreCorpus(4000)), "en", opt, lex)
	if err != nil {
		t.Fatal(err)
	}
	return groups
}

// A made-up word the texts use like "coffee" joins coffee's topic, though
// no word space knows it.
func TestExploreMadeUpWordJoins(t *testing.T) {
	groups := exploreTest(t, ExploreOptions{Topics: 8, Groups: 4}, Lexicon{})
	coffee := topicOf(groups, "coffee")
	if coffee == nil || !slices.Contains(coffee.Terms, "blorf") {
		t.Fatalf("coffee's topic %+v; groups %+v", coffee, groups)
	}
	if tea := topicOf(groups, "tea"); tea == nil || tea == topicOf(groups, "coffee") {
		t.Fatalf("tea's topic %+v", tea)
	}
}

// "snake", python's nearest neighbour in general English, stays out of the
// topic of python, which the texts use like perl; perl joins.
func TestExploreNeighbourUsedElsewhereStaysOut(t *testing.T) {
	nbs := map[string][]string{"python": {"snake", "cobra", "perl"}, "perl": {"python"}, "snake": {"python", "cobra"}}
	lex := Lexicon{Neighbours: func(term string) []string { return nbs[term] }}
	groups := exploreTest(t, ExploreOptions{Topics: 8, Groups: 4}, lex)
	py := topicOf(groups, "python")
	if py == nil || !slices.Contains(py.Terms, "perl") {
		t.Fatalf("python's topic %+v; groups %+v", py, groups)
	}
	if slices.Contains(py.Terms, "snake") || slices.Contains(py.Terms, "cobra") {
		t.Fatalf("python's topic took the reptiles: %+v", py)
	}
	if topicOf(groups, "snake") == nil {
		t.Fatalf("snake lost: %+v", groups)
	}
}

// Groups hold several topics, and the topics of one domain go together.
func TestExploreGroupsHoldSeveralTopics(t *testing.T) {
	groups := exploreTest(t, ExploreOptions{Topics: 8, Groups: 4}, Lexicon{})
	topics := 0
	for _, g := range groups {
		topics += len(g.Topics)
		if len(g.Topics) < 2 || len(g.Topics) > MaxGroupTopics || g.Title != g.Topics[0].Title {
			t.Errorf("group %+v", g)
		}
	}
	if topics != 8 || len(groups) != 4 {
		t.Fatalf("%d topics in %d groups: %+v", topics, len(groups), groups)
	}
	for _, pair := range [][2]string{{"coffee", "tea"}, {"java", "python"}, {"tennis", "football"}} {
		if groupOf(groups, pair[0]) != groupOf(groups, pair[1]) {
			t.Errorf("%s and %s apart: %+v", pair[0], pair[1], groups)
		}
	}
}

func groupOf(groups []TopicGroup, term string) int {
	for i, g := range groups {
		for _, t := range g.Topics {
			if slices.Contains(t.Terms, term) {
				return i
			}
		}
	}
	return -1
}

// A small project takes terms of two texts when those of three are fewer
// than the topics asked; one with enough of them does not.
func TestFewTextsTakeTermsOfTwoTexts(t *testing.T) {
	count := func(texts []string) *Counter {
		c := NewCounter()
		for _, x := range texts {
			c.Add(x, "en")
		}
		return c
	}
	texts := []string{"the soup was cold", "cold soup again", "the soup and bread", "bread was stale", "bread is fresh",
		"the lamb was dry", "dry lamb today", "the tea was weak", "weak tea", "the rice", "rice"}
	all := func(string) bool { return true }
	has := func(cs []Candidate, term string) bool {
		return slices.ContainsFunc(cs, func(c Candidate) bool { return c.Term == term })
	}
	few := aspectCandidates(count(texts), Lexicon{}, all, 10)
	if !has(few, "soup") || !has(few, "lamb") || !has(few, "tea") {
		t.Errorf("terms of two texts left out with few of three: %v", few)
	}
	if got := aspectCandidates(count(texts), Lexicon{}, all, 2); has(got, "lamb") || !has(got, "soup") {
		t.Errorf("terms of two texts taken though those of three suffice: %v", got)
	}
}

// In a column of two languages the opinion words of the other one are
// opinion words too (Lexicon.OpinionIn): no aspect, no title.
func TestMixedColumnOpinionsOfEachLanguage(t *testing.T) {
	dishes := []string{"soup", "pasta", "salad", "steak", "curry"}
	platos := []string{"la paella", "el gazpacho", "la tortilla", "el pulpo", "la sopa"}
	adjs := []string{"excelente", "espectacular", "estupenda"}
	c := NewCounter()
	for i := range 60 {
		c.Add("the "+dishes[i%5]+" was great and the waiter rude", "en")
		c.Add("hoy "+platos[i%5]+" estaba "+adjs[i%3]+" pero el camarero muy lento", "en")
		c.Add("el camarero muy amable y "+platos[(i+2)%5]+" "+adjs[(i+1)%3], "en")
	}
	if got := c.presentLanguages("en"); !slices.Contains(got, "es") || slices.Contains(got, "en") {
		t.Fatalf("languages present beside English: %v", got)
	}
	en := opinionOf("great", "rude")
	if !aspectTest(c, Lexicon{Opinion: en}, "en")("excelente") {
		t.Fatal("the test's Spanish opinion word is no aspect without its lexicon")
	}
	lex := withPresentOpinions(Lexicon{Opinion: en, OpinionIn: func(l string) func(string) bool {
		if l == "es" {
			return opinionOf(adjs...)
		}
		return nil
	}}, c, "en")
	isAspect := aspectTest(c, lex, "en")
	for _, w := range adjs {
		if isAspect(w) {
			t.Errorf("%q, a Spanish opinion word, may title a topic", w)
		}
	}
	for _, w := range []string{"camarero", "waiter", "paella"} {
		if !isAspect(w) {
			t.Errorf("%q may title no topic", w)
		}
	}
	if isAspect("great") || !lex.Opinion("rude") {
		t.Error("English opinion words lost")
	}
}

// Explore itself reads the other languages' opinion words: in a column
// of English and Spanish reviews a Spanish one titles no topic.
func TestExploreMixedColumnOpinions(t *testing.T) {
	platos := []string{"paella", "gazpacho", "tortilla", "pulpo", "sopa", "postre", "vino", "camarero"}
	adjs := []string{"excelente", "espectacular", "estupenda", "horrible"}
	r := rand.New(rand.NewPCG(7, 7))
	texts := reviewCorpus(300)
	for i := range 300 {
		a, b := platos[r.IntN(len(platos))], platos[r.IntN(len(platos))]
		o, p := adjs[r.IntN(len(adjs))], adjs[r.IntN(len(adjs))]
		texts = append(texts, []string{
			fmt.Sprintf("La %s estaba %s y el %s muy %s.", a, o, b, p),
			fmt.Sprintf("Hoy %s %s, pero el %s no.", a, o, b),
			fmt.Sprintf("Un %s %s con %s %s por %d euros.", a, o, b, p, i),
		}[i%3])
	}
	es := opinionOf(adjs...)
	lex := Lexicon{Opinion: opinionOf("great", "rude", "dirty", "nice", "worst", "good"),
		OpinionIn: func(l string) func(string) bool {
			if l == "es" {
				return es
			}
			return nil
		}}
	spanish := func(lex Lexicon) []string {
		groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, lex)
		if err != nil {
			t.Fatal(err)
		}
		return slices.DeleteFunc(allTitles(groups), func(s string) bool { return !es(s) })
	}
	without := lex
	without.OpinionIn = nil
	if got := spanish(without); len(got) == 0 {
		t.Fatal("the test's Spanish opinion words title nothing without their lexicon")
	}
	if got := spanish(lex); len(got) > 0 {
		t.Errorf("Spanish opinion words title topics: %v", got)
	}
}
