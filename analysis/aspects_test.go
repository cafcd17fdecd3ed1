package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"explorer/language"
)

// reviewCorpus generates review sentences: an aspect named after a
// determiner, said of with an opinion word after "was", "very" or "so",
// and "cheap" (an adjective no opinion list holds) in a quarter of them.
func reviewCorpus(n int) []string {
	aspects := []string{"pizza", "waiter", "menu", "table", "dessert", "parking", "room", "carpet"}
	opinions := []string{"great", "rude", "dirty", "nice", "worst", "good"}
	r := rand.New(rand.NewPCG(31, 31))
	out := make([]string, n)
	for i := range out {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		o := opinions[r.IntN(len(opinions))]
		cue := []string{"was", "very", "so"}[r.IntN(3)]
		out[i] = fmt.Sprintf("The %s was %s %s and our %s came %d minutes later.", a, cue, o, b, i)
		if i%4 == 0 {
			out[i] += " Very cheap, so cheap, too cheap."
		}
	}
	return out
}

func opinionOf(words ...string) func(string) bool {
	set := map[string]bool{}
	for _, w := range words {
		set[w] = true
	}
	return func(w string) bool { return set[w] }
}

// allTitles are the titles of the groups' topics, in order.
func allTitles(groups []TopicGroup) []string {
	var out []string
	for _, g := range groups {
		for _, t := range g.Topics {
			out = append(out, t.Title)
		}
	}
	return out
}

func allTerms(groups []TopicGroup) []string {
	var out []string
	for _, g := range groups {
		for _, t := range g.Topics {
			out = append(out, t.Terms...)
		}
	}
	return out
}

func TestOpinionWordsNeverTopics(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("great", "rude", "dirty", "nice", "worst", "good")}
	groups, err := Explore(textsOf(reviewCorpus(400)), "en", ExploreOptions{}, lex)
	if err != nil {
		t.Fatal(err)
	}
	terms := allTerms(groups)
	if len(terms) == 0 {
		t.Fatal("no topics")
	}
	for _, term := range terms {
		for _, w := range strings.Fields(term) {
			if lex.Opinion(w) || w == "cheap" {
				t.Errorf("opinion or adjective %q in topic term %q (%v)", w, term, terms)
			}
		}
	}
	if !strings.Contains(" "+strings.Join(terms, " ")+" ", " pizza ") {
		t.Errorf("the aspect pizza is no topic: %v", terms)
	}
}

func TestPhrasesStopAtPunctuation(t *testing.T) {
	c := NewCounter()
	for range 5 {
		c.Add("Reported to Google. - CVE assigned, wi-fi works; battery life: long", "en")
	}
	if c.bigram("google cve") != 0 {
		t.Errorf("a phrase crossed \". - \": %v", c.bigrams)
	}
	if c.bigram("assigned wi") != 0 || c.bigram("life long") != 0 {
		t.Errorf("a phrase crossed a comma or a colon: %v", c.bigrams)
	}
	if c.bigram("wi fi") != 5 || c.bigram("battery life") != 5 {
		t.Errorf("a hyphenated word or a phrase was cut: %v", c.bigrams)
	}
}

func TestNearDuplicatesCountOnce(t *testing.T) {
	texts := exploreCorpus(400)
	for i := range 30 {
		texts = append(texts, fmt.Sprintf("Subscribe to our NEWSLETTER for zorblax deals!! (%d)", i))
	}
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, Lexicon{})
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range allTerms(groups) {
		if strings.Contains(term, "zorblax") || strings.Contains(term, "newsletter") {
			t.Errorf("a text repeated 30 times made the term %q", term)
		}
	}
}

func TestAddressesNeverTopics(t *testing.T) {
	texts := exploreCorpus(400)
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("Coffee %d at https://shop.example.com/beans?id=%d or mail orders@example.org about setup.py and notes.txt", i, i),
			fmt.Sprintf("Tea number %d\n— Jane Doe", i))
	}
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, Lexicon{})
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range allTerms(groups) {
		for _, bad := range []string{"https", "example", "shop", "com", "org", "orders", "setup", "py", "txt", "notes", "jane", "doe"} {
			if strings.Contains(" "+term+" ", " "+bad+" ") {
				t.Errorf("%q from an address or an attribution is in topic term %q", bad, term)
			}
		}
	}
}

func TestOneEditVariantsOnlyWhenUsedAlike(t *testing.T) {
	var texts []string
	for i := range 60 {
		texts = append(texts,
			fmt.Sprintf("the colour of the paint and the wall %d", i%7),
			fmt.Sprintf("the color of the paint and the wall %d", i%5),
			fmt.Sprintf("the sound of the speaker and the volume %d", i%3),
			fmt.Sprintf("we found the keys under the sofa %d", i%4))
	}
	rows := []string{"colour", "color", "sound", "found"}
	feats := []string{"paint", "wall", "speaker", "volume", "keys", "sofa"}
	ctx := NewContexts(rows, feats)
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	variant := alikeVariants("en", ctx.Vectors(), nil)
	if !variant("colour", "color") {
		t.Error("colour and color, used alike, are not variants")
	}
	if variant("sound", "found") {
		t.Error("sound and found, used apart, are variants")
	}
}

// Review sentences are feedback (a quarter or more of their terms opinion
// words or adjectives), and so are whole reviews of several of them;
// descriptions of things are not, however long.
func TestFeedback(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("great", "rude", "dirty", "nice", "worst", "good")}
	count := func(texts []string) *Counter {
		c := NewCounter()
		for _, x := range texts {
			c.Add(x, "en")
		}
		return c
	}
	reviews := count(reviewCorpus(400))
	if !feedback(reviews, lex, "en") {
		t.Error("review sentences are not feedback")
	}
	if feedbackOptions(ExploreOptions{}, true).Topics != FeedbackExploreTopics || feedbackOptions(ExploreOptions{Topics: 12}, true).Topics != 12 {
		t.Error("feedback's default number of topics")
	}
	if g := feedbackOptions(ExploreOptions{}, true).Normalized().Groups; g != 24 {
		t.Errorf("feedback's default groups of 60 topics: %d, want 24", g)
	}
	if g := feedbackOptions(ExploreOptions{Topics: 10}, true).Groups; g != 4 {
		t.Errorf("feedback's default groups of 10 topics: %d, want 4", g)
	}
	if o := feedbackOptions(ExploreOptions{Groups: 7}, true); o.Groups != 7 {
		t.Errorf("feedback's groups asked for: %d, want 7", o.Groups)
	}
	if o := feedbackOptions(ExploreOptions{}, false); o != (ExploreOptions{}) {
		t.Errorf("not feedback: %+v", o)
	}
	if feedback(count(exploreCorpus(400)), lex, "en") {
		t.Error("descriptions are feedback")
	}
	wholeReviews, longDescriptions := joinThree(reviewCorpus(400)), joinThree(exploreCorpus(400))
	if c := count(wholeReviews); c.Words() < 16*c.Docs() || !feedback(c, lex, "en") {
		t.Errorf("whole reviews of %d words are not feedback", c.Words()/c.Docs())
	}
	if feedback(count(longDescriptions), lex, "en") {
		t.Error("long descriptions are feedback")
	}
	if feedback(NewCounter(), lex, "en") {
		t.Error("no texts are feedback")
	}
}

// joinThree makes each text of three texts in a row (whole reviews of
// review sentences).
func joinThree(texts []string) []string {
	var out []string
	for i := 0; i+2 < len(texts); i += 3 {
		out = append(out, strings.Join(texts[i:i+3], " "))
	}
	return out
}

// vectorsOf makes context vectors by hand: each term's vector over a few
// context dimensions (normalized here), every term equally specific.
func vectorsOf(rows map[string][]float32) *Vectors {
	v := &Vectors{index: map[string]int{}}
	terms := make([]string, 0, len(rows))
	for t := range rows {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	for i, t := range terms {
		vec := slices.Clone(rows[t])
		n := float32(math.Sqrt(dot(vec, vec)))
		for k := range vec {
			vec[k] /= n
		}
		v.Terms = append(v.Terms, t)
		v.Docs = append(v.Docs, 10)
		v.Specificity = append(v.Specificity, 1)
		v.cooc = append(v.cooc, 10*specificityPrior)
		v.vecs = append(v.vecs, vec)
		v.index[t] = i
	}
	return v
}

// An inflection joins its title's topic though the texts share no
// context ("pizzas" in a few texts); a word-space neighbour used in some
// of the title's contexts joins in feedback only (short texts have few
// context words), at neighbourCosine otherwise.
func TestSalientTopicsInflectionsAndKin(t *testing.T) {
	vecs := vectorsOf(map[string][]float32{
		"waiter": {1, 1, 0, 0, 0},
		"server": {0.1, 0, 1, 0, 0}, // cosine about 0.05 with waiter
		"pizza":  {0, 0, 0, 1, 0},
		"pizzas": {0, 0, 0, 0, 1}, // no shared context
	})
	ranked := []Candidate{{Term: "waiter", Score: 2}, {Term: "pizza", Score: 1}}
	nbs := map[string][]string{"waiter": {"server"}}
	for _, fb := range []bool{false, true} {
		topics := BuildSalientTopics(ranked, vecs, "en", 10, nbs, fb)
		if len(topics) != 2 || !slices.Equal(topics[1].Terms, []string{"pizza", "pizzas"}) {
			t.Fatalf("feedback %v: %+v", fb, topics)
		}
		if got := slices.Contains(topics[0].Terms, "server"); got != fb {
			t.Errorf("feedback %v: waiter's topic %v", fb, topics[0].Terms)
		}
	}
}

// In feedback a word-space neighbour too rare for its specificity to be
// measured (thin: fewer co-occurrences than the prior, as "decor" in a
// few texts) joins its title's topic, while a
// frequent neighbour used with anything stays out: both fall under the
// median specificity, only the frequent one by its contexts.
func TestThinNeighbourJoinsInFeedback(t *testing.T) {
	vecs := vectorsOf(map[string][]float32{
		"atmosphere": {1, 1, 0, 0, 0},
		"decor":      {0.1, 0, 1, 0, 0},
		"place":      {0.1, 0, 0, 1, 0},
		"pizza":      {0, 0, 0, 0, 1},
		"salad":      {0, 0, 0, 0.5, 1},
	})
	for term, cooc := range map[string]float64{"decor": specificityPrior - 1, "place": 20 * specificityPrior} {
		vecs.Specificity[vecs.index[term]] = 0.1
		vecs.cooc[vecs.index[term]] = cooc
	}
	ranked := []Candidate{{Term: "atmosphere", Score: 2}, {Term: "pizza", Score: 1}}
	nbs := map[string][]string{"atmosphere": {"decor", "place"}}
	for _, fb := range []bool{false, true} {
		terms := BuildSalientTopics(ranked, vecs, "en", 10, nbs, fb)[0].Terms
		if slices.Contains(terms, "place") {
			t.Errorf("feedback %v: a generic neighbour joins: %v", fb, terms)
		}
		if got := slices.Contains(terms, "decor"); got != fb {
			t.Errorf("feedback %v: atmosphere's topic %v", fb, terms)
		}
	}
}

// Verbs are context words (what is done with an aspect tells its kin:
// waiter and server are "brought" and "asked"), opinion words are not.
func TestVerbsAreContextOpinionsNot(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("great", "rude")}
	var texts []string
	for i := 0; i < 60; i++ {
		who := []string{"waiter", "server"}[i%2]
		dish := []string{"soup", "pasta", "salad"}[i%3]
		texts = append(texts,
			fmt.Sprintf("Our %s was rude, he brought the wrong %s and we asked twice.", who, dish),
			fmt.Sprintf("The %s was great and the %s too.", dish, []string{"pizza", "cake"}[i%2]),
			fmt.Sprintf("The %s had %s in it.", []string{"pizza", "cake"}[i%2], dish),
			fmt.Sprintf("Loved the %s and the %s.", []string{"pizza", "cake"}[(i+1)%2], dish))
	}
	c := NewCounter()
	for _, x := range texts {
		c.Add(x, "en")
	}
	if !c.Predicative("brought") || !c.Predicative("asked") {
		t.Fatal("brought and asked are not verbs here")
	}
	feats, kinOnly := contextFeatures(c, exploreFeatures, lex)
	if !kinOnly["great"] || !kinOnly["rude"] || kinOnly["brought"] || !slices.Contains(feats, "brought") {
		t.Fatalf("context words %v, kin only %v", feats, kinOnly)
	}
	ctx := NewContexts([]string{"waiter", "server", "pizza"}, feats)
	ctx.KinOnly(kinOnly)
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	v := ctx.Vectors()
	if kin, other := v.Cosine("waiter", "server"), v.Cosine("waiter", "pizza"); kin <= other {
		t.Fatalf("waiter~server %.2f, waiter~pizza %.2f", kin, other)
	}
}

// "reasonably priced", "well priced": an adverb of degree makes "priced"
// an adjective, so the price aspect is reached through its nouns only.
func TestPricedIsNoAspect(t *testing.T) {
	c := NewCounter()
	for i := 0; i < 20; i++ {
		c.Add([]string{"The pasta was reasonably priced.", "Well priced wine and the prices are fair.", "The prices went up."}[i%3], "en")
	}
	if !c.Predicative("priced") || c.Predicative("prices") {
		t.Fatalf("priced %v prices %v", c.Predicative("priced"), c.Predicative("prices"))
	}
}

// Aspects said to be alike are grouped: staff and service are "friendly"
// and "rude", decor and atmosphere "cozy" and "romantic", while each pair
// shares its sentences' other words with the other pair (staff and decor
// with pasta). The opinion words count in the likeness of topics only, never
// in that of terms (the members' link).
func TestGroupsByWhatAspectsAreSaidToBe(t *testing.T) {
	opinion := map[string]bool{"friendly": true, "rude": true, "cozy": true, "romantic": true}
	lex := Lexicon{Opinion: func(w string) bool { return opinion[w] }}
	var texts []string
	for i := 0; i < 12; i++ {
		a, b := "pasta", "soup"
		texts = append(texts, "Parking near the river.", "The bridge at night.",
			"Trains run late on Sundays.", "Music in the park.",
			fmt.Sprintf("The staff was friendly. We ordered the %s.", a),
			fmt.Sprintf("The service was rude. We ordered the %s.", b),
			fmt.Sprintf("The decor is cozy. We ordered the %s.", a),
			fmt.Sprintf("The atmosphere is romantic. We ordered the %s.", b),
			fmt.Sprintf("Rude staff, %s.", a), fmt.Sprintf("Friendly service, %s.", b),
			fmt.Sprintf("Romantic decor, %s.", a), fmt.Sprintf("Cozy atmosphere, %s.", b))
	}
	c := NewCounter()
	for _, x := range texts {
		c.Add(x, "en")
	}
	feats, kinOnly := contextFeatures(c, exploreFeatures, lex)
	ctx := NewContexts([]string{"staff", "service", "decor", "atmosphere"}, feats)
	ctx.KinOnly(kinOnly)
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	v := ctx.Vectors()
	if v.Cosine("staff", "service") >= v.Cosine("staff", "decor") {
		t.Fatalf("terms are joined through opinion words: staff~service %.2f, staff~decor %.2f",
			v.Cosine("staff", "service"), v.Cosine("staff", "decor"))
	}
	var topics []Topic
	for _, w := range []string{"staff", "decor", "service", "atmosphere"} {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	groups := GroupTopics(topics, v, 2)
	got := map[string]string{}
	for _, g := range groups {
		for _, tp := range g.Topics {
			got[tp.Title] = g.Title
		}
	}
	if len(groups) != 2 || got["service"] != got["staff"] || got["atmosphere"] != got["decor"] {
		t.Fatalf("groups %v", groups)
	}
}

// Near context words are counted within a clause only: punctuation
// separates "staff" from "cozy" in "staff. cozy".
func TestNearStopsAtPunctuation(t *testing.T) {
	ctx := NewContexts([]string{"staff"}, []string{"cozy", "friendly"})
	ctx.Add("The staff. Cozy.", "en")
	ctx.Add("Friendly staff", "en")
	if n := ctx.near[0]; n != 0 {
		t.Fatalf("cozy near staff %d times across a full stop", n)
	}
	if n := ctx.near[1]; n != 1 {
		t.Fatalf("friendly near staff %d times, want 1", n)
	}
}

// The fuller function-word lists (stopwords-iso) keep adverbs and pronouns
// the Snowball lists lack from titles, while the nouns those lists also
// hold may title where the texts use them after a determiner.
func TestFullerFunctionWordsUnlessNouns(t *testing.T) {
	es := NewCounter()
	for i := 0; i < 20; i++ {
		es.Add([]string{"El lugar era limpio, quizás demasiado pequeño.", "Nuestro lugar daba al mar, además nos gustó.", "Quizás el desayuno llegó tarde."}[i%3], "es")
	}
	for w, want := range map[string]bool{"quizás": true, "además": true, "lugar": false, "desayuno": false} {
		if got := es.fullerFunctionWord(w, "es"); got != want {
			t.Errorf("ES %q function word %v, want %v", w, got, want)
		}
	}
	if es.fullerFunctionWord("quizás", "sv") {
		t.Error("a fuller list applied to a language without determiner cues")
	}
	nl := NewCounter()
	for i := 0; i < 20; i++ {
		nl.Add([]string{"Het hotel lag eigenlijk dichtbij.", "Wij vonden de tuin misschien te klein.", "Eigenlijk was het eten goed."}[i%3], "nl")
	}
	for w, want := range map[string]bool{"eigenlijk": true, "misschien": true, "wij": true, "tuin": false, "hotel": false} {
		if got := nl.fullerFunctionWord(w, "nl"); got != want {
			t.Errorf("NL %q function word %v, want %v", w, got, want)
		}
	}
	en := NewCounter()
	for i := 0; i < 20; i++ {
		en.Add("Perhaps the room was small, everything else was fine.", "en")
	}
	for w, want := range map[string]bool{"perhaps": true, "everything": true, "room": false} {
		if got := en.fullerFunctionWord(w, "en"); got != want {
			t.Errorf("EN %q function word %v, want %v (room: a listed noun used as one)", w, got, want)
		}
	}
	// French's list holds "deja" without its accents: "déjà" is listed.
	fr := NewCounter()
	for i := 0; i < 20; i++ {
		fr.Add("Nous étions déjà venus, le plat était froid.", "fr")
	}
	if !fr.fullerFunctionWord("déjà", "fr") || fr.fullerFunctionWord("plat", "fr") {
		t.Error("FR: déjà is a function word (listed as deja), plat is not")
	}
}

// adverbCorpus generates review sentences in which adverbs of the fuller
// list (not of Snowball's) are as frequent as the aspects, one of which
// (listed, a noun) is named after a determiner.
func adverbCorpus(n int, pattern string, aspects, adverbs []string) []string {
	r := rand.New(rand.NewPCG(3, 155))
	out := make([]string, n)
	for i := range out {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		out[i] = fmt.Sprintf(pattern, a, adverbs[r.IntN(len(adverbs))], adverbs[r.IntN(len(adverbs))], b, i)
	}
	return out
}

func TestFullerFunctionWordsNeverTitles(t *testing.T) {
	for _, c := range []struct {
		lang, pattern, noun string
		aspects, adverbs    []string
	}{
		{"nl", "De %s kwam %s warm, %s bracht hij de %s na %d minuten.", "",
			[]string{"pizza", "ober", "kaart", "tafel", "soep", "terras"},
			[]string{"eigenlijk", "misschien", "vaak", "meestal", "inderdaad", "bovendien"}},
		{"es", "La %s llegó %s caliente, %s el %s vino %d minutos después.", "lugar",
			[]string{"pizza", "camarero", "menú", "mesa", "lugar", "sopa"},
			[]string{"quizás", "además", "siempre", "todavía", "apenas", "luego"}},
		{"en", "The %s came %s warm, %s the %s arrived %d minutes later.", "place",
			[]string{"pizza", "waiter", "menu", "table", "place", "soup"},
			[]string{"actually", "perhaps", "usually", "indeed", "besides", "often"}},
		{"ru", "Этот %s пришёл %s горячий, %s наш %s пришёл через %d минут.", "место",
			[]string{"пицца", "официант", "меню", "столик", "место", "суп"},
			[]string{"вообще", "обычно", "именно", "кроме", "сразу", "однако"}},
		{"tr", "Bu %s %s sıcak geldi, %s bir %s %d dakika sonra geldi.", "kaynak",
			[]string{"pizza", "garson", "menü", "masa", "kaynak", "çorba"},
			[]string{"zaten", "hatta", "sonunda", "yine", "kadar", "sadece"}},
		{"fi", "Tämä %s tuli %s lämmin, %s tämä %s tuli %d minuutissa.", "asia",
			[]string{"pizza", "tarjoilija", "ruokalista", "pöytä", "asia", "keitto"},
			[]string{"ilmeisesti", "edelleen", "lisäksi", "kuitenkin", "jälleen", "heti"}},
		{"hu", "Ez a %s %s meleg volt, %s egy %s %d perc múlva jött.", "lehetőség",
			[]string{"pizza", "pincér", "étlap", "asztal", "lehetőség", "leves"},
			[]string{"azonnal", "gyakran", "hirtelen", "majdnem", "jelenleg", "inkább"}},
	} {
		texts := adverbCorpus(600, c.pattern, c.aspects, c.adverbs)
		groups, err := Explore(textsOf(texts), c.lang, ExploreOptions{}, Lexicon{Opinion: opinionOf("warm", "caliente", "горячий", "sıcak", "lämmin", "meleg")})
		if err != nil {
			t.Fatal(err)
		}
		titles := allTitles(groups)
		for _, title := range titles {
			for _, w := range strings.Fields(title) {
				if _, fuller := functionSet(c.lang)[w]; (fuller || slices.Contains(c.adverbs, w)) && w != c.noun {
					t.Errorf("%s: function word %q in title %q (%v)", c.lang, w, title, titles)
				}
			}
		}
		if terms := allTerms(groups); !slices.Contains(terms, c.aspects[0]) || (c.noun != "" && !slices.Contains(terms, c.noun)) {
			t.Errorf("%s: the aspects %q and %q are in no topic: %v", c.lang, c.aspects[0], c.noun, terms)
		}
	}
}

// A fuller function-word list is used only with the noun test, which needs
// the language's determiner cues: every list shipped has them.
func TestFullerListsHaveCues(t *testing.T) {
	for _, code := range language.WithFunctionWords() {
		key := langKey(code)
		if cuesOf(key) == nil || len(functionSet(key)) == 0 {
			t.Errorf("%s: a fuller list without determiner cues (%d words)", code, len(functionSet(key)))
		}
	}
}

// TestLanguagePresentByItsOwnWords: a language is present in a column by
// texts that hold its stop words the column's language lacks (Danish
// texts in a Norwegian column: "mig", "noget", "af"), not by the words the
// two share (French "de", "et", "en" are Danish and Norwegian too) nor by
// one homograph ("mot", Norwegian "against", in "mot de passe").
func TestLanguagePresentByItsOwnWords(t *testing.T) {
	no := NewCounter()
	// A third of the texts Danish, each with two stop words Norwegian lacks
	// ("mig", "af") among many it shares: its own two alone make under 5 %
	// of the words.
	for i := range 300 {
		if i%3 != 0 {
			no.Add(fmt.Sprintf("Jeg fikk ikke noe svar fra dem, og det er for dårlig av dere å ignorere meg (%d).", i), "no")
		} else {
			no.Add(fmt.Sprintf("Jeg har ikke fået svar fra dem i en uge, og det er for dårligt at de ignorerer mig, og det er ikke godt af dem (%d).", i), "no")
		}
	}
	if !no.functionWord("mig", "no") || !no.functionWord("af", "no") {
		t.Fatalf("Danish texts in a Norwegian column: mig %v, af %v", no.functionWord("mig", "no"), no.functionWord("af", "no"))
	}
	fr := NewCounter()
	for i := range 200 {
		fr.Add(fmt.Sprintf("Le mot de passe de mon compte est refusé et je ne peux pas en changer (%d).", i), "fr")
	}
	if fr.functionWord("mot", "fr") {
		t.Fatal("French texts made Norwegian present: mot is a function word")
	}
}

// In feedback the language's rule words (Lexicon.Function: tonality's
// negators, modifiers and links) title no topic, also in English, which
// has no fuller function-word list: "though" and "bit" are frequent,
// spread and not stop words, so without the rule they title topics of
// their own.
func TestRuleWordsNeverTitles(t *testing.T) {
	aspects := []string{"pizza", "waiter", "menu", "table", "soup", "terrace"}
	r := rand.New(rand.NewPCG(5, 8))
	texts := make([]string, 600)
	for i := range texts {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		o, p := []string{"great", "good"}[i%2], []string{"good", "great"}[r.IntN(2)]
		switch i % 3 {
		case 0:
			texts[i] = fmt.Sprintf("The %s was a bit %s, the %s was %s.", a, o, b, p)
		case 1:
			texts[i] = fmt.Sprintf("The %s was %s, though the %s was %s.", a, o, b, p)
		default:
			texts[i] = fmt.Sprintf("The %s was %s and the %s was %s.", a, o, b, p)
		}
	}
	function := opinionOf("though", "bit")
	titled := func(lex Lexicon) []string {
		groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, lex)
		if err != nil {
			t.Fatal(err)
		}
		var words []string
		for _, title := range allTitles(groups) {
			words = append(words, strings.Fields(title)...)
		}
		return words
	}
	if before := titled(Lexicon{Opinion: opinionOf("great", "good")}); !slices.Contains(before, "though") && !slices.Contains(before, "bit") {
		t.Fatalf("the made corpus must title a topic with a rule word when none is known: %v", before)
	}
	titles := titled(Lexicon{Opinion: opinionOf("great", "good"), Function: function})
	for _, w := range titles {
		if function(w) {
			t.Errorf("rule word %q titles a topic: %v", w, titles)
		}
	}
	if !slices.Contains(titles, "pizza") {
		t.Errorf("the aspect pizza titles no topic: %v", titles)
	}
}

// TestMisspellingIsAVariant: a word the background list lacks, one edit
// from a word it holds and in at most a quarter of its texts, is a variant
// of it whatever its contexts ("warrenty" of "warranty"); without a list,
// or when the list holds both ("sound", "found"), or when the unknown one
// is as frequent, contexts decide.
func TestMisspellingIsAVariant(t *testing.T) {
	var texts []string
	for i := range 20 {
		texts = append(texts, fmt.Sprintf("the warranty covers the repair %d", i%5))
		if i%4 == 0 {
			texts = append(texts, fmt.Sprintf("my warrenty expired last spring %d", i%3))
		}
		texts = append(texts, fmt.Sprintf("the sound of the speaker and the volume %d", i%3))
		if i%4 == 0 {
			texts = append(texts, fmt.Sprintf("we found the keys under the sofa %d", i%4))
		}
	}
	rows := []string{"warranty", "warrenty", "sound", "found"}
	feats := []string{"covers", "repair", "expired", "spring", "speaker", "volume", "keys", "sofa"}
	ctx := NewContexts(rows, feats)
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	vecs := ctx.Vectors()
	ranks := map[string]int{"warranty": 3000, "sound": 900, "found": 300}
	rank := func(w string) int { return ranks[w] }
	if vecs.Cosine("warranty", "warrenty") >= editCosine {
		t.Fatalf("the test's misspelling shares contexts: cosine %.2f", vecs.Cosine("warranty", "warrenty"))
	}
	if !alikeVariants("en", vecs, rank)("warranty", "warrenty") || !alikeVariants("en", vecs, rank)("warrenty", "warranty") {
		t.Error("warrenty, unknown and rare, is no variant of warranty")
	}
	if alikeVariants("en", vecs, nil)("warranty", "warrenty") {
		t.Error("without a list, a word of other contexts is a variant")
	}
	if alikeVariants("en", vecs, rank)("sound", "found") {
		t.Error("two words the list holds, used apart, are variants")
	}
	ranks = map[string]int{"warranty": 3000}
	frequent := NewContexts(rows, feats)
	for _, x := range texts {
		frequent.Add(x, "en")
		if strings.Contains(x, "warrenty") {
			for range 4 {
				frequent.Add(x, "en")
			}
		}
	}
	if alikeVariants("en", frequent.Vectors(), rank)("warranty", "warrenty") {
		t.Error("an unknown word as frequent as the known one is taken for its misspelling")
	}
}

// TestMisspellingsNeedALargeList: a list of everyday speech (10,000
// words, the languages other than English) tells no misspelling; a list
// of 50,000 words or more does.
func TestMisspellingsNeedALargeList(t *testing.T) {
	rank := func(string) int { return 1 }
	if (wordRules{rank: rank, size: 10000}).misspellings() != nil || (wordRules{size: 60000}).misspellings() != nil {
		t.Error("a short list, or none, tells misspellings")
	}
	if (wordRules{rank: rank, size: 60000}).misspellings() == nil {
		t.Error("English's list tells none")
	}
}

// finnishReviews are made Finnish review sentences, a language without
// cue words: an aspect, an opinion word, and a second clause that names
// another aspect (the opinion words about a fifth of the terms'
// occurrences, as in real reviews).
func finnishReviews(n int) []string {
	aspects := []string{"ruoka", "tarjoilija", "ruokalista", "pöytä", "jälkiruoka", "parkkipaikka", "sisustus", "musiikki"}
	opinions := []string{"loistava", "töykeä", "likainen", "mukava", "kamala", "herkullinen"}
	r := rand.New(rand.NewPCG(32, 32))
	out := make([]string, n)
	for i := range out {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		o := opinions[r.IntN(len(opinions))]
		out[i] = fmt.Sprintf("%s %s, %s tuli %d minuutissa.", a, o, b, i)
	}
	return out
}

// In a language without predicative cue words (Finnish has determiners
// only) review sentences are feedback by their opinion words alone
// (feedbackOpinionShare), and explored as feedback; short descriptions in
// it are not feedback.
func TestFeedbackWithoutCueWords(t *testing.T) {
	if cuesOf("fi").predicative() {
		t.Fatal("Finnish has predicative cue words: the test needs a language without")
	}
	lex := Lexicon{Opinion: opinionOf("loistava", "töykeä", "likainen", "mukava", "kamala", "herkullinen")}
	c := counterOf("fi", finnishReviews(400)...)
	if !feedback(c, lex, "fi") {
		t.Error("Finnish review sentences are not feedback")
	}
	if feedback(numberedTexts("fi", "tiedosto %d pakkaus ja arkisto ohjelma suurella suhteella"), lex, "fi") {
		t.Error("Finnish descriptions are feedback")
	}
}

// Russian's and Turkish's cue words (written from grammar, as the others;
// Turkish's in the twentieth round): a word after "очень", "был", "çok" or
// "en" is used predicatively, one after "наш", "этот", "bir" or "bu" as a
// noun; review sentences with them are feedback at the usual bar.
func TestCueWordsRussianTurkish(t *testing.T) {
	for _, c := range []struct {
		lang, sentence     string
		predicative, nouns []string
	}{
		{"ru", "Наш официант был грубый, а этот суп очень вкусный и горячий %d.",
			[]string{"грубый", "вкусный"}, []string{"официант", "суп"}},
		{"tr", "Bu garson çok kaba, ama bir tatlı en lezzetli ve çok sıcak %d.",
			[]string{"kaba", "lezzetli"}, []string{"garson", "tatlı"}},
	} {
		counter := NewCounter()
		for i := range 200 {
			counter.Add(fmt.Sprintf(c.sentence, i), c.lang)
		}
		for _, w := range c.predicative {
			if !counter.Predicative(w) {
				t.Errorf("%s: %q after a predicative cue is not predicative", c.lang, w)
			}
		}
		for _, w := range c.nouns {
			if !counter.usedAsNoun(w) || counter.Predicative(w) {
				t.Errorf("%s: %q after a determiner is not a noun", c.lang, w)
			}
		}
		if !feedback(counter, Lexicon{Opinion: opinionOf(c.predicative...)}, c.lang) {
			t.Errorf("%s: reviews with cue words are not feedback", c.lang)
		}
	}
}

// A Russian word of the fuller list that follows adjectives (known by
// their endings) is a noun customers talk about and may title a topic;
// one that follows no adjective nor determiner is not ("сразу").
func TestRussianNounsAfterAdjectives(t *testing.T) {
	c := NewCounter()
	for i := range 60 {
		c.Add(fmt.Sprintf("Уютное место, пришли сразу, прекрасный вечер %d.", i), "ru")
	}
	for w, want := range map[string]bool{"место": false, "вечер": false, "сразу": true} {
		if got := c.fullerFunctionWord(w, "ru"); got != want {
			t.Errorf("%q: function word %v, want %v", w, got, want)
		}
	}
	ru := attributiveOf("ru")
	if ru("его", "место") || !ru("уютное", "место") || ru("уютное", "ресторан") || attributiveOf("en") != nil {
		t.Error("attributive endings: его is a pronoun, уютное an adjective read before listed words only, English has none")
	}
}

// turkishReviews makes n Turkish review sentences whose predicates are
// endings ("lezzetliydi", "yavaştı", "geleceğiz"): no cue word marks them.
func turkishReviews(n int) []string {
	aspects := []string{"yemekler", "garsonlar", "tatlılar", "masalar", "fiyatlar", "manzara", "servis", "müzik"}
	predicates := []string{"lezzetliydi", "yavaştı", "soğuktu", "pahalıydı", "harikaydı", "ilgisizdi", "kalabalıktı", "beğendik"}
	r := rand.New(rand.NewPCG(33, 33))
	out := make([]string, n)
	for i := range out {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		p, q := predicates[r.IntN(len(predicates))], predicates[r.IntN(len(predicates))]
		out[i] = fmt.Sprintf("Bu akşam %s %s, %s ise %s. Tekrar geleceğiz.", a, p, b, q)
	}
	return out
}

// In a verb-final language (Turkish) the last word of a clause is its
// predicate: review sentences whose predicates are endings are feedback,
// the clause-final words are used predicatively and the nouns are not,
// and descriptions stay descriptions. A clause end after a predicative
// cue is one use, not two, and a clause of one term (a list's item, a
// fragment) has no predicate.
func TestTurkishClauseEndsArePredicates(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("lezzetli", "yavaş", "harika")} // base forms only, as a lexicon without the copula
	c := counterOf("tr", turkishReviews(400)...)
	if !feedback(c, lex, "tr") {
		t.Error("Turkish review sentences are not feedback")
	}
	for _, w := range []string{"lezzetliydi", "ilgisizdi", "geleceğiz"} {
		if !c.Predicative(w) {
			t.Errorf("%q ends clauses and is not predicative", w)
		}
	}
	for _, w := range []string{"yemekler", "garsonlar", "akşam"} {
		if c.Predicative(w) {
			t.Errorf("%q, a noun, is predicative", w)
		}
	}
	if feedback(numberedTexts("tr", "Bu paket %d dosya biçimi için bir kütüphane ve komut satırı aracı içerir."), lex, "tr") {
		t.Error("Turkish descriptions are feedback")
	}
	if en := counterOf("en", "The food came cold, the waiter never came."); en.Predicative("came") {
		t.Error("English clause ends count as predicative")
	}
	once := counterOf("tr", "Yemekler çok lezzetliydi.")
	if u := once.uses["lezzetliydi"]; u == nil || u.pred != 1 {
		t.Errorf("one use after a cue that ends a clause: %+v, want one predicative use", u)
	}
	lists := counterOf("tr", "Köfte, pilav ve ayran aldık.", "Köfte, salata ve tatlı çok iyiydi.", "Köfte.")
	if lists.Predicative("köfte") || lists.uses["köfte"] != nil {
		t.Errorf("a list's first item or a one-word fragment is predicative: %+v", lists.uses["köfte"])
	}
	if u := lists.uses["aldık"]; u == nil || u.pred != 1 {
		t.Errorf("the predicate of a clause of three terms: %+v", u)
	}
}

// Russian reviews tell in the past tense what was brought and how it was,
// with no cue word before the verb: the verbs known by their ending count
// among the words said, and the reviews are feedback; descriptions in the
// present tense are not.
func TestRussianVerbsByEnding(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("вкусный", "грубый")}
	aspects := []string{"официанты", "блюда", "десерты", "столики", "цены", "музыка", "хинкали", "вино"}
	verbs := []string{"принесли", "остыли", "понравились", "забыли", "подали", "удивили", "порадовала", "заказали"}
	r := rand.New(rand.NewPCG(34, 34))
	reviews := NewCounter()
	for range 400 {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		reviews.Add(fmt.Sprintf("%s %s быстро, а %s %s. Рекомендую.", a, verbs[r.IntN(len(verbs))], b, verbs[r.IntN(len(verbs))]), "ru")
	}
	if !feedback(reviews, lex, "ru") {
		t.Error("Russian reviews in the past tense are not feedback")
	}
	if feedback(numberedTexts("ru", "Пакет %d содержит библиотеку для чтения файлов и утилиту командной строки."), lex, "ru") {
		t.Error("Russian descriptions are feedback")
	}
	verb := verbEnding("ru")
	for w, want := range map[string]bool{"принесли": true, "понравилось": true, "рекомендую": true, "зал": false, "ли": false, "официант": false, "принесли вино": false} {
		if verb(w) != want {
			t.Errorf("verbEnding(%q) = %v", w, !want)
		}
	}
	if verbEnding("en")("called") {
		t.Error("English has verbs by ending")
	}
}

// numberedTexts counts 400 texts in language lang made of format with
// their number (%d): descriptions that differ only by it.
func numberedTexts(lang, format string) *Counter {
	c := NewCounter()
	for i := range 400 {
		c.Add(fmt.Sprintf(format, i), lang)
	}
	return c
}

// A small set of review sentences says each thing once: a word seen once,
// after a predicative cue, counts as said, so the set is feedback as the
// same sentences are in a larger set. A word the texts use as a noun and
// never predicatively is not said, whatever valence the lexicon gives it
// (Spanish "información").
func TestFeedbackOfFewTexts(t *testing.T) {
	sentences := []string{"The soup was bland.", "The waiter was rude.", "The terrace is lovely.",
		"Our table was sticky.", "The bill was steep.", "The bread was stale.", "The music was loud.",
		"The dessert was heavenly.", "The wine list is short.", "Parking was impossible."}
	few := counterOf("en", sentences...)
	if !feedback(few, Lexicon{}, "en") {
		t.Error("ten review sentences, each adjective said once, are not feedback")
	}
	if is, err := IsFeedback(textsOf(sentences), "en", Lexicon{}); !is || err != nil {
		t.Errorf("IsFeedback: %v, %v; want true", is, err)
	}
	if is, _ := IsFeedback(textsOf([]string{"A library for parsing XML files.", "Tools to convert images."}), "en", Lexicon{}); is {
		t.Error("IsFeedback: descriptions are feedback")
	}
	if few.Predicative("bland") {
		t.Error("a word seen once is predicative (two uses are the least)")
	}
	lex := Lexicon{Opinion: opinionOf("información", "documentación", "aplicación")}
	es := numberedTexts("es", "La información del paquete %d y la documentación de la aplicación.")
	if feedback(es, lex, "es") {
		t.Error("Spanish descriptions whose nouns the lexicon gives a valence are feedback")
	}
	said := numberedTexts("es", "La comida %d era deliciosa y el servicio era lento.")
	if !feedback(said, Lexicon{Opinion: opinionOf("deliciosa", "lento")}, "es") {
		t.Error("Spanish review sentences are not feedback")
	}
}

// Turkish reviews that tell what happened, in long sentences whose verbs
// stand before "ama" or "ve", are feedback: their past tenses with a
// person or the copula count among the words said, and a conjunction
// ends the clause before it (either rule alone makes these texts
// feedback, neither does not). Nouns of those endings'
// neighbours (possessives, "yardım", "plastik") are no verbs, and
// descriptions stay descriptions.
func TestTurkishNarrativeIsFeedback(t *testing.T) {
	lex := Lexicon{Opinion: opinionOf("lezzetli", "güzel")}
	aspects := []string{"garson", "yemek", "hesap", "masa", "tatlı", "kebap", "salata", "ayran"}
	inner := []string{"getirdiler", "unuttular", "istedik", "bekliyordu", "söylemişti", "yaptık"} // never last
	last := []string{"geldi", "gitti", "oldu"}
	r := rand.New(rand.NewPCG(25, 25))
	var texts []string
	for range 150 {
		texts = append(texts, fmt.Sprintf("Akşam %s %s ama %s %s ve %s %s", aspects[r.IntN(len(aspects))], inner[r.IntN(len(inner))],
			aspects[r.IntN(len(aspects))], inner[r.IntN(len(inner))], aspects[r.IntN(len(aspects))], last[r.IntN(len(last))]))
	}
	if !feedback(counterOf("tr", texts...), lex, "tr") {
		t.Error("narrative Turkish reviews are not feedback")
	}
	verb := verbEnding("tr")
	for w, want := range map[string]bool{"getirdiler": true, "istedik": true, "gittik": true, "lezzetliydi": true,
		"bekliyordu": true, "söylemişti": true, "gelmedik": true, "yaptik": true, "tadı": false, "paketi": false,
		"hizmeti": false, "yardım": false, "plastik": false, "otomatik": false, "istatistik": false, "içerir": false,
		"gectik": true} {
		if verb(w) != want {
			t.Errorf("verbEnding(tr, %q) = %v", w, !want)
		}
	}
	c := counterOf("tr", "Masa ayırtmıştık ama yarım saat beklettiler.", "Köfte ve pilav geldi.")
	if u := c.uses["ayırtmıştık"]; u == nil || u.pred != 1 {
		t.Errorf("the verb before \"ama\" ends no clause: %+v", u)
	}
	if c.uses["köfte"] != nil {
		t.Errorf("a noun before \"ve\" ends a clause: %+v", c.uses["köfte"])
	}
	if verbTest("tr")("fındık") || !verbTest("tr")("yedik") {
		t.Error("a listed noun is a verb by its ending, or a verb is not")
	}
	if feedback(numberedTexts("tr", "Bu paket %d dosya biçimi için bir kütüphane ve komut satırı aracı içerir ama grafik arayüz sağlamaz."), lex, "tr") {
		t.Error("Turkish descriptions are feedback")
	}
}
