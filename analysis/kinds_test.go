package analysis

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// The kinds tell food, drink, staff and ambience by the word, its plain
// typing, its ligature typed as two letters and the texts' inflections
// of a listed word; a phrase by its head, the first word in French and
// Spanish; other words and languages without a list have none.
func TestKindsOf(t *testing.T) {
	cases := []struct {
		lang string
		want map[string]string
	}{
		{"fr", map[string]string{"frites": "food", "bœuf": "food", "boeuf": "food", "vins": "drink",
			"foie gras": "food", "petit déjeuner": "food", "carte des vins": "", "serveur": "staff",
			"serveuses": "staff", "service": "", "carte": "", "table": "", "ambiance": "ambience",
			"musique": "ambience", "décor": "ambience",
			// French is read by its words, not their stems: no kind by "restaurateur", "équipe",
			// "cassis", "fraise", "plat" or "cuisinier"
			"restaurant": "", "équipement": "", "cassé": "", "frais": "", "plate": "", "cuisinière": ""}},
		{"ru", map[string]string{"блюда": "food", "борща": "food", "мёд": "food", "пиво": "drink",
			"официанты": "staff", "официантку": "staff", "интерьер": "ambience", "интерьера": "ambience", "обслуживание": "", "стол": "",
			"свежий хлеб": "food", "хлеб свежий": ""}},
		{"tr", map[string]string{"köfte": "food", "kofte": "food", "köfteleri": "food", "köftesi": "food",
			"kofteleri": "food", "ayran": "drink", "et": "food", "masa": "", "garson": "staff",
			"garsonlar": "staff", "servis": "", "ortam": "ambience", "ortamı": "ambience", "orta": "", "etti": "", "çay bahçesi": "ambience", "sıcak çay": "drink",
			// "tatlılar" (desserts) is listed, "tatlı" (sweet, cute) is not
			"tatlılar": "food", "tatlı": "", "tatlıydı": ""}},
	}
	for _, c := range cases {
		kind := kindsOf(c.lang)
		if kind == nil {
			t.Fatalf("%s has no kinds", c.lang)
		}
		for w, want := range c.want {
			if got := kind(w); got != want {
				t.Errorf("%s %q: kind %q, want %q", c.lang, w, got, want)
			}
		}
	}
	for lang, want := range map[string]map[string]string{
		"es": {"tarta casera": "food", "casera tarta": "", "camareros": "staff", "servicio": ""},
		"nl": {"rode wijn": "drink", "wijn rode": "", "ober": "staff", "kaart": ""},
		"en": {"password manager": "", "general manager": "staff", "cold fries": "food", "server": "", "wine": "drink"},
	} {
		kind := kindsOf(lang)
		for w, k := range want {
			if got := kind(w); got != k {
				t.Errorf("%s %q: kind %q, want %q", lang, w, got, k)
			}
		}
	}
	if kindsOf("de") != nil || kindsOf("xx") != nil {
		t.Error("a language without a list has kinds")
	}
	names, _ := fs.Glob(kindFiles, "kinds/*.tsv")
	for _, name := range names {
		key := strings.TrimSuffix(strings.TrimPrefix(name, "kinds/"), ".tsv")
		kind := kindsOf(key)
		data, _ := fs.ReadFile(kindFiles, name)
		for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			k, word, ok := strings.Cut(line, "\t")
			if strings.HasPrefix(line, "#") {
				continue
			}
			if !ok || !slices.Contains([]string{"food", "drink", "staff", "ambience"}, k) || word == "" ||
				strings.Contains(word, "\t") || word != strings.Join(strings.Fields(word), " ") || word != strings.ToLower(word) {
				t.Errorf("%s:%d: %q is not a kind and a lower-case word or phrase", name, n+1, line)
			}
			// the term the texts make of the entry has its kind
			if term := strings.Join(Terms(word, key), " "); kind(term) != k {
				t.Errorf("%s:%d: %q is the term %q, of kind %q", name, n+1, word, term, kind(term))
			}
		}
	}
}

// A form listed under two kinds has none.
func TestAddKind(t *testing.T) {
	m := map[string]string{}
	addKind(m, "café", "drink")
	addKind(m, "café", "drink")
	addKind(m, "thé", "drink")
	addKind(m, "café", "food")
	if k, ok := m["café"]; !ok || k != "" || m["thé"] != "drink" {
		t.Fatalf("kinds %v: want café of none, thé a drink", m)
	}
}

// mergeKinds fills the groups of a kind with its topics in most texts
// first, MaxGroupTopics a group; topics of no kind stay alone, and the
// rules still hold (two main topics never share a group) but for topics
// named apart and a word space's likeness.
func TestMergeKinds(t *testing.T) {
	kinds := []string{"food", "", "drink", "food", "food", "food", "food", "food", "food", "food", "drink", "food"}
	docs := []int{90, 80, 70, 20, 85, 30, 40, 50, 60, 10, 65, 95}
	clusters := make([][]int, len(kinds))
	for i := range clusters {
		clusters[i] = []int{i}
	}
	main := make([]bool, len(kinds))
	main[0], main[11] = true, true // two main aspects of one kind
	apart := make([][]bool, len(kinds))
	for i := range apart {
		apart[i] = make([]bool, len(kinds))
	}
	// two dishes named side by side share a group all the same
	apart[4][8], apart[8][4] = true, true
	// a word space finding nothing alike keeps none apart
	general := make([][]float64, len(kinds))
	for i := range general {
		general[i] = make([]float64, len(kinds))
	}
	rules := mergeRules{main: main, apart: apart, general: general, generalLeast: 0.5}
	got := mergeKinds(clusters, kinds, docs, rules)
	for _, c := range got {
		slices.Sort(c)
	}
	want := [][]int{{4, 5, 6, 7, 8, 11}, {0, 3, 9}, {1}, {2, 10}}
	slices.SortFunc(got, func(a, b []int) int { return a[0] - b[0] })
	slices.SortFunc(want, func(a, b []int) int { return a[0] - b[0] })
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
}

// In French reviews the dishes, each said of in its own words, share
// groups by their kind, the most talked-about first, and so do the staff;
// without the kinds each would be a group of its own (their contexts are
// unlike). A dish named in one text, too rare for a topic, is a term of
// the food group the most talked-about dishes title (joinKinds).
func TestExploreFeedbackDishesShareAGroup(t *testing.T) {
	dishes := []string{"frites", "poulet", "salade", "pizza", "viande", "dessert", "soupe", "fromage"}
	others := []string{"serveur", "terrasse", "musique", "patron", "parking", "quartier"}
	var texts []string
	for i, d := range append(slices.Clone(dishes), others...) {
		for k := range 40 - 2*i {
			once := string(rune('a'+k/26)) + string(rune('a'+k%26)) // a word of this text alone
			texts = append(texts, fmt.Sprintf("Le %s avec le mot%d%s était bon.", d, i, once),
				fmt.Sprintf("Le %s du mot%dz était mauvais, %s.", d, i, once))
		}
	}
	texts = append(texts, "Les crevettes étaient bonnes.")
	groups, err := Explore(textsOf(texts), "fr", ExploreOptions{}, Lexicon{Opinion: opinionOf("bon", "mauvais")})
	if err != nil {
		t.Fatal(err)
	}
	groupOf := groupIndex(groups)
	first := groupOf[dishes[0]]
	if first == 0 || !slices.Contains(groups[first-1].Topics[0].Terms, "crevettes") {
		t.Errorf("a dish named once is in no food group (groups %v)", allTitles(groups))
	}
	for _, d := range dishes[:MaxGroupTopics] {
		if groupOf[d] == 0 || groupOf[d] != first {
			t.Errorf("%q in group %d, %q in %d (groups %v)", d, groupOf[d], dishes[0], first, allTitles(groups))
		}
	}
	for _, o := range others {
		if groupOf[o] == first {
			t.Errorf("%q shares the dishes' group", o)
		}
	}
	if groupOf["serveur"] == 0 || groupOf["serveur"] != groupOf["patron"] {
		t.Errorf("the staff apart: serveur in group %d, patron in %d", groupOf["serveur"], groupOf["patron"])
	}
}

// Once grouped by kind, a group of a kind merges only with its kind, and
// topics of no kind only with one another.
func TestKindGroupsHoldTheirKind(t *testing.T) {
	r := mergeRules{mergeMain: true, mergeApart: true, kinds: []string{"food", "", "food", "drink", ""}}
	for _, c := range []struct {
		a, b []int
		want bool
	}{{[]int{0}, []int{2}, true}, {[]int{0, 2}, []int{1}, false}, {[]int{3}, []int{0}, false}, {[]int{1}, []int{4}, true}} {
		if got := r.allow(c.a, c.b); got != c.want {
			t.Errorf("allow(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// With the groups asked, a lone topic is placed only in a group of its
// kind: "menu", of none, stays out of the drinks however close, and a
// lone dish joins the food.
func TestPlaceSinglesKeepKinds(t *testing.T) {
	// topics: 0 vin, 1 eau (drink); 2 frites, 3 poulet (food); 4 menu (none); 5 salade (food)
	kinds := []string{"drink", "drink", "food", "food", "", "food"}
	sim := make([][]float64, len(kinds))
	for i := range sim {
		sim[i] = make([]float64, len(kinds))
	}
	sim[4][0], sim[0][4], sim[4][1], sim[1][4] = 0.9, 0.9, 0.9, 0.9 // menu near the drinks
	sim[5][0], sim[0][5] = 0.5, 0.5                                 // salade nearer the drinks than the food
	rules := mergeRules{main: make([]bool, len(kinds)), kinds: kinds}
	got := placeSingles([][]int{{0, 1}, {2, 3}, {4}, {5}}, sim, rules)
	for _, c := range got {
		slices.Sort(c)
	}
	slices.SortFunc(got, func(a, b []int) int { return a[0] - b[0] })
	if want := "[[0 1] [2 3 5] [4]]"; fmt.Sprint(got) != want {
		t.Fatalf("groups %v, want %s", got, want)
	}
}

// The words of the texts of a kind that no topic holds join the group of
// their kind whose title is in most texts (the first on a tie), as terms
// of its title's topic, in most texts first; a word of a kind no group
// has ("glace", food), a word no aspect, a word already in a topic and a
// word of a phrase topic ("gin" of "gin tonic") stay out. Only the words
// of a kind are kept for it.
func TestJoinKinds(t *testing.T) {
	c := counterOf("fr", "la limonade était tiède", "une limonade maison", "le cocktail était fort",
		"la vodka", "le serveur", "la musique", "le sommelier", "un cidre", "la glace", "le thé",
		"la glace", "un gin tonic", "le gin", "un kir", "le barman", "une table")
	groups := []TopicGroup{
		{Title: "bière", Topics: []Topic{{Title: "bière", Terms: []string{"bière"}}}},
		{Title: "vin", Topics: []Topic{{Title: "vin", Terms: []string{"vin"}}, {Title: "eau", Terms: []string{"eau", "vodka"}}}},
		{Title: "serveur", Topics: []Topic{{Title: "serveur", Terms: []string{"serveur"}}}},
		{Title: "patron", Topics: []Topic{{Title: "patron", Terms: []string{"patron", "gin tonic"}}}},
	}
	docs := map[string]int{"bière": 3, "vin": 9, "serveur": 4, "patron": 4}
	notAspect := func(w string) bool { return w != "cocktail" }
	cw := newTextWords(c, notAspect, "fr", true, kindsOf("fr"))
	if _, ok := cw.words["table"]; ok {
		t.Error("a word of no kind is kept for the kinds alone")
	}
	joinKinds(groups, cw, func(w string) int { return docs[w] })
	want := [][]string{{"bière"}, {"vin", "limonade", "cidre", "kir", "thé"}, {"serveur", "barman", "sommelier"}, {"patron", "gin tonic"}}
	for g, w := range want {
		if got := groups[g].Topics[0].Terms; !slices.Equal(got, w) {
			t.Errorf("group %s: %q, want %q", groups[g].Title, got, w)
		}
	}
	if got := groups[1].Topics[1].Terms; !slices.Equal(got, []string{"eau", "vodka"}) {
		t.Errorf("eau: %q", got)
	}
	if newTextWords(c, notAspect, "fr", false, nil) != nil || newTextWords(c, notAspect, "it", true, nil) != nil {
		t.Error("words kept for kinds in descriptions or in a language without kinds")
	}
}

// After ReleaseKinds a language's list is read again at the next kindsOf,
// with the same kinds; a test taken before keeps answering.
func TestReleaseKindsReadsAgain(t *testing.T) {
	kind := kindsOf("fr")
	before := kindLists["fr"].Get()
	ReleaseKinds()
	again := kindsOf("fr")
	if kindLists["fr"].Get() == before {
		t.Fatal("the list was not read again")
	}
	if kind("frites") != "food" || again("frites") != "food" || again("serveur") != "staff" {
		t.Fatalf("kinds after release: %q %q %q", kind("frites"), again("frites"), again("serveur"))
	}
}
