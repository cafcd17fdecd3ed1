package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// manyEntities are the made products' parts of manyEntityCorpus: 24
// entities, each named by a head and a kin noun.
var manyEntities = [][2]string{
	{"battery", "charger"}, {"screen", "monitor"}, {"keyboard", "keys"}, {"touchpad", "cursor"},
	{"speakers", "headphones"}, {"webcam", "microphone"}, {"processor", "chip"}, {"memory", "ram"},
	{"drive", "disk"}, {"fan", "vent"}, {"hinge", "lid"}, {"ports", "cable"},
	{"warranty", "guarantee"}, {"shipping", "courier"}, {"software", "program"}, {"windows", "update"},
	{"graphics", "gpu"}, {"bluetooth", "wifi"}, {"camera", "lens"}, {"printer", "toner"},
	{"router", "modem"}, {"mouse", "scroll"}, {"adapter", "plug"}, {"manual", "guide"},
}

// manyEntityCorpus is made feedback on many entities: each is said its
// own three opinion words (its own contexts), and everything "great".
func manyEntityCorpus(n int) ([]string, []string) {
	var opinions []string
	said := make([][]string, len(manyEntities))
	for i := range manyEntities {
		for j := range 3 {
			w := fmt.Sprintf("%c%cish", 'a'+rune(i), 'k'+rune(j))
			said[i] = append(said[i], w)
			opinions = append(opinions, w)
		}
	}
	r := rand.New(rand.NewPCG(5, 23))
	out := make([]string, n)
	for k := range out {
		i := r.IntN(len(manyEntities))
		noun := manyEntities[i][r.IntN(2)]
		adj := said[i][r.IntN(3)]
		switch k % 4 {
		case 0:
			out[k] = fmt.Sprintf("The %s was %s.", noun, adj)
		case 1:
			out[k] = fmt.Sprintf("The %s and the %s were %s.", manyEntities[i][0], manyEntities[i][1], adj)
		case 2:
			out[k] = fmt.Sprintf("Great %s, really %s.", noun, adj)
		default:
			out[k] = fmt.Sprintf("My %s is %s, %s.", noun, adj, said[i][r.IntN(3)])
		}
	}
	return out, append(opinions, "great", "really")
}

// Feedback that names many entities is explored, with the default
// options, into groups that each hold one entity: one group per four of
// the 60 topics (15) cannot hold 24 entities apart.
func TestExploreFeedbackManyEntitiesSmallGroups(t *testing.T) {
	texts, opinions := manyEntityCorpus(4800)
	groups, err := Explore(textsOf(texts), "en", ExploreOptions{}, Lexicon{Opinion: opinionOf(opinions...)})
	if err != nil {
		t.Fatal(err)
	}
	entity := map[string]int{}
	for i, e := range manyEntities {
		entity[e[0]], entity[e[1]] = i, i
	}
	found := 0
	for _, g := range groups {
		in := map[int]bool{}
		for _, tp := range g.Topics {
			for _, term := range tp.Terms {
				if i, ok := entity[term]; ok {
					in[i] = true
					found++
				}
			}
		}
		if len(in) > 1 {
			t.Errorf("group %q holds %d entities: %v", g.Title, len(in), g.Topics)
		}
	}
	if found < len(manyEntities) {
		t.Errorf("%d entity nouns found in topics of %d groups", found, len(groups))
	}
}

// Feedback's groups asked for are merged down to that number (10 asked,
// 8 to 12 given); by default there are as many as the kin make, at least
// one per 2.5 topics. In this corpus every entity's two nouns are named
// side by side ("the battery and the charger"), so by default each topic
// is a group of its own.
func TestExploreFeedbackGroupsAskedKept(t *testing.T) {
	texts, opinions := manyEntityCorpus(4800)
	lex := Lexicon{Opinion: opinionOf(opinions...)}
	asked, err := Explore(textsOf(texts), "en", ExploreOptions{Groups: 10}, lex)
	if err != nil {
		t.Fatal(err)
	}
	byDefault, err := Explore(textsOf(texts), "en", ExploreOptions{}, lex)
	if err != nil {
		t.Fatal(err)
	}
	topics := 0
	for _, g := range byDefault {
		topics += len(g.Topics)
	}
	t.Logf("asked 10: %d groups; by default %d groups of %d topics", len(asked), len(byDefault), topics)
	if len(asked) < 8 || len(asked) > 12 || len(byDefault) < int(float64(topics)/feedbackTopicsPerGroup) || len(byDefault) <= len(asked) {
		t.Fatalf("10 groups asked: %d; by default %d of %d topics", len(asked), len(byDefault), topics)
	}
}

// Where an entity's two nouns are never named side by side (the corpus
// without its "the battery and the charger" texts), each titles a topic
// and, being used alike, the two share a group by default; no group holds
// two entities.
func TestExploreFeedbackKinShareAGroup(t *testing.T) {
	apart, opinions := kinCorpus()
	groups, err := Explore(textsOf(apart), "en", ExploreOptions{}, Lexicon{Opinion: opinionOf(opinions...)})
	if err != nil {
		t.Fatal(err)
	}
	groupOfTitle := map[string]string{}
	for _, g := range groups {
		for _, tp := range g.Topics {
			groupOfTitle[tp.Title] = g.Title
		}
	}
	entity := map[string]int{}
	for i, e := range manyEntities {
		entity[e[0]], entity[e[1]] = i, i
	}
	for _, g := range groups {
		in := map[int]bool{}
		for _, tp := range g.Topics {
			if i, ok := entity[tp.Title]; ok {
				in[i] = true
			}
		}
		if len(in) > 1 {
			t.Errorf("group %q holds %d entities", g.Title, len(in))
		}
	}
	together := 0
	for _, e := range manyEntities {
		a, okA := groupOfTitle[e[0]]
		b, okB := groupOfTitle[e[1]]
		if okA && okB && a == b {
			together++
		}
	}
	if together < len(manyEntities)*3/4 || len(groups) > len(manyEntities)+len(manyEntities)/4 {
		t.Fatalf("%d of %d entities' two nouns share a group; %d groups", together, len(manyEntities), len(groups))
	}
}

// kinCorpus is manyEntityCorpus without its texts that name an entity's
// two nouns side by side ("the battery and the charger"), and its opinion
// words.
func kinCorpus() ([]string, []string) {
	texts, opinions := manyEntityCorpus(4800)
	var apart []string
	for k, x := range texts {
		if k%4 != 1 {
			apart = append(apart, x)
		}
	}
	return apart, opinions
}

// With a word space, feedback's kin share a group only when the space
// finds their titles alike too (kinGeneralSpread): in the corpus of
// TestExploreFeedbackKinShareAGroup, the two nouns of the first 12
// entities are alike in the space, those of the next 8 are not, and the
// space lacks the last 4 (the texts decide alone, as without a space).
func TestExploreFeedbackKinAlikeInTheWordSpace(t *testing.T) {
	apart, opinions := kinCorpus()
	entity := map[string]int{}
	for i, e := range manyEntities {
		entity[e[0]], entity[e[1]] = i, i
	}
	likeness := func(term string, others []string) []float64 {
		out := make([]float64, len(others))
		for k, o := range others {
			i, okA := entity[term]
			j, okB := entity[o]
			switch {
			case !okA || !okB || i >= 20 || j >= 20:
				out[k] = math.NaN()
			case i != j:
				out[k] = 0.1
			case i < 12:
				out[k] = 0.8
			}
		}
		return out
	}
	lex := Lexicon{Opinion: opinionOf(opinions...), Likeness: likeness}
	groups, err := Explore(textsOf(apart), "en", ExploreOptions{}, lex)
	if err != nil {
		t.Fatal(err)
	}
	groupOf := groupIndex(groups)
	shared := func(from, to int) (n int) {
		for _, e := range manyEntities[from:to] {
			if a, b := groupOf[e[0]], groupOf[e[1]]; a != 0 && a == b {
				n++
			}
		}
		return n
	}
	if alike, unlike, unknown := shared(0, 12), shared(12, 20), shared(20, 24); alike < 9 || unlike != 0 || unknown < 3 {
		t.Fatalf("entities sharing a group: %d of 12 alike in the space, %d of 8 unlike, %d of 4 unknown", alike, unlike, unknown)
	}
}

// LikenessOf passes the space's kinship on, and answers NaN for every
// other term when the space fails (loading) or answers the wrong number.
func TestLikenessOf(t *testing.T) {
	like := LikenessOf(func(term string, others []string) ([]float64, error) {
		switch term {
		case "loading":
			return nil, fmt.Errorf("loading")
		case "short":
			return []float64{0.5}, nil
		}
		return []float64{0.6, math.NaN()}, nil
	})
	if got := like("service", []string{"staff", "decor"}); got[0] != 0.6 || !math.IsNaN(got[1]) || len(got) != 2 {
		t.Errorf("service: %v", got)
	}
	for _, term := range []string{"loading", "short"} {
		if got := like(term, []string{"staff", "service"}); len(got) != 2 || !math.IsNaN(got[0]) || !math.IsNaN(got[1]) {
			t.Errorf("%s: %v, want NaN", term, got)
		}
	}
}

// groupIndex maps each topic's title to its group's place, from 1.
func groupIndex(groups []TopicGroup) map[string]int {
	out := map[string]int{}
	for g, gr := range groups {
		for _, tp := range gr.Topics {
			out[tp.Title] = g + 1
		}
	}
	return out
}
