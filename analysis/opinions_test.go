package analysis

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// opinionTexts are made review sentences: "affordable" said of prices,
// "rude" of staff and "tasty" of food, "great" of all three alike, and
// "awful" near food once.
func opinionTexts() []string {
	var texts []string
	for range 3 {
		texts = append(texts,
			"The prices are affordable.", "Affordable prices for the area.",
			"The staff was rude.", "Rude staff at the door.",
			"The food was tasty.", "Tasty food and a view.",
			"Great prices.", "Great staff.", "Great food.",
			"The prices are high.", "The staff knows the menu.", "The food came cold.",
			"The wine list is long.", "Wine by the glass.", "The table by the window.",
			"Our table was booked.", "The music was jazz.", "Music from the bar.",
		)
	}
	return append(texts, "Awful food.", "Awful.")
}

func TestJoinOpinions(t *testing.T) {
	feats := []string{"affordable", "rude", "tasty", "great", "awful", "high", "door", "area", "view", "menu", "cold",
		"list", "long", "glass", "window", "booked", "jazz", "bar"}
	ctx := NewContexts([]string{"prices", "staff", "food", "wine", "table", "music"}, feats)
	for _, s := range opinionTexts() {
		ctx.Add(s, "en")
	}
	groups := []TopicGroup{
		{Title: "prices", Topics: []Topic{{Title: "prices", Terms: []string{"prices"}}}},
		{Title: "staff", Topics: []Topic{{Title: "staff", Terms: []string{"staff"}}, {Title: "food", Terms: []string{"food"}}}},
		{Title: "wine", Topics: []Topic{{Title: "wine", Terms: []string{"wine"}}, {Title: "table", Terms: []string{"table"}},
			{Title: "music", Terms: []string{"music"}}}},
	}
	joinOpinions(groups, ctx, []string{"affordable", "rude", "tasty", "great", "awful"})
	want := map[string][]string{
		"prices": {"prices", "affordable"},
		"staff":  {"staff", "rude"},
		"food":   {"food", "tasty"}, // awful: near food once (opinionMinNear)
		"wine":   {"wine"}, "table": {"table"}, "music": {"music"},
	}
	for _, g := range groups {
		for _, tp := range g.Topics {
			if !slices.Equal(tp.Terms, want[tp.Title]) {
				t.Errorf("topic %s: terms %v, want %v", tp.Title, tp.Terms, want[tp.Title])
			}
			if tp.Title != tp.Terms[0] {
				t.Errorf("topic %s: an opinion word came first: %v", tp.Title, tp.Terms)
			}
		}
	}
}

func TestJoinOpinionsBound(t *testing.T) {
	var feats, texts []string
	for i := range maxOpinionMembers + 3 {
		w := "nice" + string(rune('a'+i))
		feats = append(feats, w)
		for range opinionMinNear {
			texts = append(texts, "The prices are "+w+".")
		}
	}
	feats = append(feats, "menu")
	for range 3 * len(texts) {
		texts = append(texts, "The staff knows the menu.")
	}
	ctx := NewContexts([]string{"prices", "staff"}, feats)
	for _, s := range texts {
		ctx.Add(s, "en")
	}
	groups := []TopicGroup{{Title: "prices", Topics: []Topic{{Title: "prices", Terms: []string{"prices"}}, {Title: "staff", Terms: []string{"staff"}}}}}
	joinOpinions(groups, ctx, feats[:len(feats)-1])
	if n := len(groups[0].Topics[0].Terms); n != 1+maxOpinionMembers {
		t.Errorf("prices holds %d terms, want %d: %v", n, 1+maxOpinionMembers, groups[0].Topics[0].Terms)
	}
	if n := len(groups[0].Topics[1].Terms); n != 1 {
		t.Errorf("staff holds %v", groups[0].Topics[1].Terms)
	}
}

// saidCorpus is made review sentences: each aspect with an opinion word
// said of it alone, "great" and "good" said of all; one sentence in ten
// names no aspect.
func saidCorpus(n int) ([]string, map[string]string) {
	said := map[string]string{"waiter": "rude", "prices": "affordable", "pizza": "tasty", "decor": "cozy",
		"parking": "scarce", "room": "spacious", "dessert": "sweet", "music": "loud"}
	aspects := slices.Sorted(maps.Keys(said))
	r := rand.New(rand.NewPCG(7, 31))
	out := make([]string, n)
	for i := range out {
		a, b := aspects[r.IntN(len(aspects))], aspects[r.IntN(len(aspects))]
		g := []string{"great", "good"}[r.IntN(2)]
		switch i % 10 {
		case 0:
			out[i] = fmt.Sprintf("Very %s!", said[a])
		case 1, 2, 3:
			out[i] = fmt.Sprintf("The %s was %s and the %s was %s.", a, said[a], b, g)
		default:
			out[i] = fmt.Sprintf("A %s %s, we came at %d with a %s %s.", said[a], a, i, g, b)
		}
	}
	return out, said
}

// Explored feedback: each aspect's own opinion word joins its topic,
// after its title, and "great", said of all, joins none; no title is an
// opinion word.
func TestExploreJoinsOpinionsSaidOfAnAspect(t *testing.T) {
	texts, said := saidCorpus(600)
	opinion := []string{"great", "good"}
	for _, w := range said {
		opinion = append(opinion, w)
	}
	lex := Lexicon{Opinion: opinionOf(opinion...)}
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, lex)
	if err != nil {
		t.Fatal(err)
	}
	joined := 0
	for _, g := range groups {
		for _, tp := range g.Topics {
			if lex.Opinion(tp.Title) {
				t.Errorf("opinion title %q", tp.Title)
			}
			for _, term := range tp.Terms[1:] {
				if !lex.Opinion(term) {
					continue
				}
				if said[tp.Title] != term {
					t.Errorf("%q joined %q (%v)", term, tp.Title, tp.Terms)
				}
				joined++
			}
		}
	}
	if joined < len(said)/2 {
		t.Errorf("%d opinion words joined their aspect, want at least %d: %v", joined, len(said)/2, groups)
	}
}

// An opinion word that is a word of one of a topic's phrases ("hard" of
// "hard drive") is near the topic's words in every use of the phrase: it
// names the aspect, it is not said of it, and joins no topic through it.
func TestJoinOpinionsNotAWordOfTheTopicsPhrase(t *testing.T) {
	var texts []string
	for range 4 {
		texts = append(texts, "The hard drive died.", "A hard drive crash.", "The screen is bright.", "A bright screen.",
			"The keyboard is backlit.", "Keyboard keys stick.", "The battery lasts.", "Battery life is long.",
			"The fan is loud.", "A quiet fan.", "The price was fair.", "Price and value.")
	}
	feats := []string{"hard", "bright", "died", "crash", "backlit", "keys", "lasts", "life",
		"long", "loud", "quiet", "fair", "value"}
	ctx := NewContexts([]string{"drive", "screen", "keyboard", "battery", "fan", "price"}, feats)
	for _, s := range texts {
		ctx.Add(s, "en")
	}
	groups := []TopicGroup{
		{Title: "drive", Topics: []Topic{{Title: "drive", Terms: []string{"drive", "hard drive"}}}},
		{Title: "screen", Topics: []Topic{{Title: "screen", Terms: []string{"screen"}}}},
		{Title: "keyboard", Topics: []Topic{{Title: "keyboard", Terms: []string{"keyboard"}}}},
		{Title: "battery", Topics: []Topic{{Title: "battery", Terms: []string{"battery"}}}},
		{Title: "fan", Topics: []Topic{{Title: "fan", Terms: []string{"fan"}}}},
		{Title: "price", Topics: []Topic{{Title: "price", Terms: []string{"price"}}}},
	}
	joinOpinions(groups, ctx, []string{"hard", "bright"})
	if got := groups[0].Topics[0].Terms; slices.Contains(got, "hard") {
		t.Errorf("drive: %v", got)
	}
	if got := groups[1].Topics[0].Terms; !slices.Contains(got, "bright") {
		t.Errorf("screen: %v, bright is said of it", got)
	}
}
