package analysis

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// The kinds tell food, drink and staff by the word, its plain typing, its
// ligature typed as two letters and its stem; other words and languages
// without a list have none.
func TestKindsOf(t *testing.T) {
	cases := []struct {
		lang string
		want map[string]string
	}{
		{"fr", map[string]string{"frites": "food", "bœuf": "food", "boeuf": "food", "vins": "drink",
			"foie gras": "food", "serveur": "staff", "serveuses": "staff", "service": "", "carte": "", "table": ""}},
		{"ru", map[string]string{"блюда": "food", "борща": "food", "пиво": "drink", "официанты": "staff", "официантку": "staff", "обслуживание": "", "стол": ""}},
		{"tr", map[string]string{"köfte": "food", "kofte": "food", "köfteleri": "food", "ayran": "drink",
			"et": "food", "masa": "", "garson": "staff", "garsonlar": "staff", "servis": "", "etti": ""}},
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
	if kindsOf("en") != nil || kindsOf("xx") != nil {
		t.Error("a language without a list has kinds")
	}
	names, _ := fs.Glob(kindFiles, "kinds/*.tsv")
	for _, name := range names {
		data, _ := fs.ReadFile(kindFiles, name)
		for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			kind, word, ok := strings.Cut(line, "\t")
			if !strings.HasPrefix(line, "#") && (!ok || !slices.Contains([]string{"food", "drink", "staff"}, kind) || word == "" ||
				strings.ContainsAny(word, " \t") || word != strings.ToLower(word)) {
				t.Errorf("%s:%d: %q is not a kind and a lower-case word", name, n+1, line)
			}
		}
	}
}

// mergeKinds fills the groups of a kind with its topics in most texts
// first, MaxGroupTopics a group; topics of no kind stay alone, and the
// rules still hold (two main topics never share a group).
func TestMergeKinds(t *testing.T) {
	kinds := []string{"food", "", "drink", "food", "food", "food", "food", "food", "food", "food", "drink", "food"}
	docs := []int{90, 80, 70, 20, 85, 30, 40, 50, 60, 10, 65, 95}
	clusters := make([][]int, len(kinds))
	for i := range clusters {
		clusters[i] = []int{i}
	}
	main := make([]bool, len(kinds))
	main[0], main[11] = true, true // two main aspects of one kind
	got := mergeKinds(clusters, kinds, docs, mergeRules{main: main, apart: make([][]bool, len(kinds))})
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
// groups by their kind, the most talked-about first; without the kinds
// each would be a group of its own (their contexts are unlike).
func TestExploreFeedbackDishesShareAGroup(t *testing.T) {
	dishes := []string{"frites", "poulet", "salade", "pizza", "viande", "dessert", "soupe", "fromage"}
	others := []string{"serveur", "terrasse", "musique", "patron", "parking", "quartier"}
	var texts []string
	for i, d := range append(slices.Clone(dishes), others...) {
		for k := range 40 - 2*i {
			once := string(rune('a'+k/26)) + string(rune('a'+k%26)) // a word each text has alone
			texts = append(texts, fmt.Sprintf("Le %s avec le mot%d%s était bon.", d, i, once),
				fmt.Sprintf("Le %s du mot%dz était mauvais, %s.", d, i, once))
		}
	}
	groups, err := Explore(textsOf(texts), "fr", ExploreOptions{}, Lexicon{Opinion: opinionOf("bon", "mauvais")})
	if err != nil {
		t.Fatal(err)
	}
	groupOf := map[string]int{}
	for g, gr := range groups {
		for _, tp := range gr.Topics {
			groupOf[tp.Title] = g + 1
		}
	}
	first := groupOf[dishes[0]]
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
}
