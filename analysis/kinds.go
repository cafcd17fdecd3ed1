package analysis

import (
	"bufio"
	"embed"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"explorer/language"
)

// kindFiles are the kinds of nouns, one file a language (XX.tsv, "kind TAB
// word" a line, # comments; see kinds/README.md): food, drink and staff
// (people by the work they do), as WordNet's noun.food and noun.person
// tell them in English. Written by hand from general knowledge of each
// language, for the languages without a learnt word space that have
// tuning reviews (French, Russian, Turkish): there a restaurant's food is
// twenty dishes (plats, frites, viande, poulet, galette…), and its staff
// serveur, patron, personnel, each in a few sentences, that neither their
// contexts in the texts nor what is said of them join into one group
// (twenty-second and twenty-third rounds), while English's word space
// holds them together.
//
//go:embed kinds/*.tsv
var kindFiles embed.FS

// kindList is a language's kinds: of each listed word, of its plain
// typing (plainForm) and of its Snowball stem, leaving out a form or stem
// listed under two kinds.
type kindList struct {
	words, stems map[string]string
	stemOf       func(string) string
}

// kindLists are the lists by language key, read once at their first use.
var kindLists = sync.OnceValue(func() map[string]*kindList {
	out := map[string]*kindList{}
	names, _ := fs.Glob(kindFiles, "kinds/*.tsv")
	for _, name := range names {
		key := strings.TrimSuffix(strings.TrimPrefix(name, "kinds/"), ".tsv")
		if l := readKinds(name, key); l != nil {
			out[key] = l
		}
	}
	return out
})

// readKinds reads one list of kindFiles for language key; nil when key is
// no language. Without a stemmer a word is its own stem (language.Stem).
func readKinds(name, key string) *kindList {
	lang, ok := language.Get(key)
	if !ok {
		return nil
	}
	f, err := kindFiles.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	l := &kindList{words: map[string]string{}, stems: map[string]string{}, stemOf: lang.Stem}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kind, word, ok := strings.Cut(strings.TrimSpace(sc.Text()), "\t")
		if !ok || strings.HasPrefix(kind, "#") || word == "" {
			continue
		}
		addKind(l.words, word, kind)
		if p := plainForm(word, key); p != "" {
			addKind(l.words, p, kind)
		}
		if p := ligatures.Replace(word); p != word {
			addKind(l.words, p, kind) // "bœuf" typed "boeuf"
		}
		if st := l.stemOf(word); utf8.RuneCountInString(st) >= minKindStem {
			addKind(l.stems, st, kind)
		}
	}
	return l
}

// ligatures are the letters often typed as two ("œ" as "oe").
var ligatures = strings.NewReplacer("œ", "oe", "æ", "ae")

// minKindStem is the fewest letters of a stem that tells a word's kind:
// shorter ones begin other words (Turkish "et", meat, and "et-", to do).
const minKindStem = 4

// addKind records kind for form in m; a form of two kinds gets none ("").
func addKind(m map[string]string, form, kind string) {
	if k, seen := m[form]; seen && k != kind {
		m[form] = ""
		return
	}
	m[form] = kind
}

// kindsOf returns the test of a term's kind in language lang (kindList;
// "" for none), nil when the language has no list. A phrase is of the
// kind of its first word that has one ("foie gras", "vin blanc").
func kindsOf(lang string) func(term string) string {
	l := kindLists()[langKey(lang)]
	if l == nil {
		return nil
	}
	return func(term string) string {
		for _, w := range strings.Fields(term) {
			if k, ok := l.words[w]; ok {
				if k != "" {
					return k
				}
				continue
			}
			if st := l.stemOf(w); utf8.RuneCountInString(st) >= minKindStem {
				if k := l.stems[st]; k != "" {
					return k
				}
			}
		}
		return ""
	}
}

// topicKinds returns the kinds of the topics' titles (kindOf).
func topicKinds(topics []Topic, kindOf func(string) string) []string {
	out := make([]string, len(topics))
	for i, t := range topics {
		out[i] = kindOf(t.Title)
	}
	return out
}

// mergeKinds groups the topics of one kind (kinds, by topic; "" for
// none) before kin are grouped (groupTopics): in most texts first (docs,
// by topic), each joins the first group of its kind with room
// (MaxGroupTopics) that the rules allow, else begins one. The texts name
// dishes side by side ("frites et salade"), which keeps entities apart
// elsewhere (distinctTopics) but not here. So the food a restaurant's
// reviews talk about most is one group, the next dishes the next, and
// kin then join them as any topic (a "menu" the drinks). Clusters are
// the topics one each.
func mergeKinds(clusters [][]int, kinds []string, docs []int, rules mergeRules) [][]int {
	rules.mergeApart = true
	order := slices.Clone(clusters)
	slices.SortStableFunc(order, func(a, b []int) int { return docs[b[0]] - docs[a[0]] })
	var out [][]int
	open := map[string][]int{} // kind → its groups in out
	for _, c := range order {
		k := kinds[c[0]]
		at := -1
		if k != "" {
			at = slices.IndexFunc(open[k], func(g int) bool {
				return len(out[g])+len(c) <= MaxGroupTopics && rules.allow(out[g], c)
			})
		}
		if at >= 0 {
			out[open[k][at]] = append(out[open[k][at]], c...)
			continue
		}
		out = append(out, slices.Clone(c))
		if k != "" {
			open[k] = append(open[k], len(out)-1)
		}
	}
	return out
}
