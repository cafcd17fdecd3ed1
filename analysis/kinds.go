package analysis

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"explorer/internal/lazy"
	"explorer/language"
)

// kindFiles are the kinds of nouns, one file a language (XX.tsv, "kind TAB
// word" a line, # comments; see kinds/README.md): food, drink and staff
// (people by the work they do), as WordNet's noun.food and noun.person
// tell them in English, and ambience (the setting of a place as its
// visitors perceive it: atmosphere, decor, music, light, its rooms and
// terrace, comfort, cleanliness; twenty-fifth round). Written by hand
// from general knowledge of each language. In the languages without a
// learnt word space (French, Russian, Turkish; Spanish and Dutch since
// the twenty-fifth round) a restaurant's food is twenty dishes (plats,
// frites, viande, poulet, galette…), and its staff serveur, patron,
// personnel, each in a few sentences, that neither their contexts in the
// texts nor what is said of them join into one group (twenty-second and
// twenty-third rounds); the kinds group them (mergeKinds). English's
// word space holds its food together, but not in closed groups of a
// kind, nor the words the texts name once or twice: the English list
// does both (mergeKinds, joinKinds).
//
//go:embed kinds/*.tsv
var kindFiles embed.FS

// kindList is a language's kinds (key): of each listed word, also in its
// plain typing (plainForm), with its ligatures and "ё" folded (kindFold)
// and, a phrase, with spaces for its hyphens ("petit-déjeuner": the texts'
// "petit déjeuner"); a form listed under two kinds has none (""). In a
// language in caseInflected the texts' inflections of a listed word have
// its kind too (heads: inflected, as joinTextInflections finds them, but
// not by the listed word's stem alone: "tatlılar", desserts, is listed
// and "tatlı", sweet, is not).
type kindList struct {
	key     string
	words   map[string]string
	heads   map[string]head
	longest int
	stemOf  func(string) string
}

// kindFold folds what a list and the texts may type apart: ligatures as
// two letters ("bœuf", "boeuf") and Russian "ё" as "е" (the lists write
// "е", the texts "мёд" or "мед").
var kindFold = strings.NewReplacer("œ", "oe", "æ", "ae", "ё", "е")

// kindLists are the lists by language key, each read at its first use
// (the largest, Russian's and Turkish's with their inflections'
// beginnings, about 0.25 MB) and let go when the server is idle
// (ReleaseKinds), as the background lists are.
var kindLists = loadKindLists()

func loadKindLists() map[string]*lazy.Value[*kindList] {
	out := map[string]*lazy.Value[*kindList]{}
	names, _ := fs.Glob(kindFiles, "kinds/*.tsv")
	for _, name := range names {
		key := strings.TrimSuffix(strings.TrimPrefix(name, "kinds/"), ".tsv")
		out[key] = lazy.New(func() *kindList { return readKinds(name, key) })
	}
	return out
}

// ReleaseKinds lets the lists read so far go (the server does when idle);
// the next exploration of feedback reads its language's again.
func ReleaseKinds() {
	for _, v := range kindLists {
		v.Release()
	}
}

// readKinds reads one list of kindFiles for language key; nil when key is
// no language. Without a stemmer a word is its own stem (language.Stem).
func readKinds(name, key string) *kindList {
	lang, ok := language.Get(key)
	if !ok {
		return nil
	}
	data, err := fs.ReadFile(kindFiles, name)
	if err != nil {
		return nil
	}
	l := &kindList{key: key, words: map[string]string{}, stemOf: lang.Stem}
	var listed []string
	for _, line := range strings.Split(string(data), "\n") {
		kind, word, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok || strings.HasPrefix(kind, "#") || word == "" {
			continue
		}
		word = kindFold.Replace(word)
		listed = append(listed, word)
		for _, form := range entryForms(word, key) {
			addKind(l.words, form, kind)
			if p := plainForm(form, key); p != "" {
				addKind(l.words, p, kind)
			}
		}
	}
	if caseInflected[key] {
		l.heads = map[string]head{}
		for _, w := range listed {
			if !strings.Contains(w, " ") && utf8.RuneCountInString(w) >= minHead {
				l.longest = max(l.longest, addHeads(l.heads, w, key, inflectionBases(w, key, nil)))
			}
		}
	}
	return l
}

// entryForms are the forms in which the texts' terms hold a listed word:
// itself and, a compound, its words as Terms gives them ("pot-au-feu":
// "pot au feu" and "pot feu"; "hors-d'œuvre": "hors oeuvre").
func entryForms(word, key string) []string {
	out := []string{word}
	if !strings.ContainsAny(word, "-' ") {
		return out
	}
	for _, f := range []string{strings.ReplaceAll(word, "-", " "), kindFold.Replace(strings.Join(Terms(word, key), " "))} {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// addKind records kind for form in m; a form of two kinds gets none ("").
func addKind(m map[string]string, form, kind string) {
	if k, seen := m[form]; seen && k != kind {
		m[form] = ""
		return
	}
	m[form] = kind
}

// kind returns the kind of word (kindList), "" for none.
func (l *kindList) kind(word string) string {
	w := kindFold.Replace(word)
	if k, ok := l.words[w]; ok {
		return k
	}
	if l.heads != nil {
		if title, ok := inflected(w, l.key, l.heads, l.longest, l.stemOf); ok {
			return l.words[title]
		}
	}
	return ""
}

// headFirst are the languages with kinds whose noun phrases begin with
// their head (French "foie gras", "vin blanc"; Spanish "tarta casera").
var headFirst = map[string]bool{"fr": true, "es": true}

// kindsOf returns the test of a term's kind in language lang (kindList;
// "" for none), nil when the language has no list. A phrase listed whole
// has its kind, else its head word's: the first word in a language in
// headFirst, else the last (Dutch "rode wijn", Russian "свежий хлеб";
// Turkish "çay bahçesi", a tea garden, has the kind of "bahçesi", the
// garden: ambience, not drink).
func kindsOf(lang string) func(term string) string {
	v := kindLists[langKey(lang)]
	if v == nil {
		return nil
	}
	l := v.Get()
	if l == nil {
		return nil
	}
	return func(term string) string {
		if !strings.Contains(term, " ") {
			return l.kind(term)
		}
		if k, ok := l.words[kindFold.Replace(term)]; ok {
			return k
		}
		head, _, _ := strings.Cut(term, " ")
		if !headFirst[l.key] {
			head = term[strings.LastIndexByte(term, ' ')+1:]
		}
		return l.kind(head)
	}
}

// mergeKinds groups the topics of one kind (kinds, by topic; "" for
// none) before kin are grouped (groupTopics): in most texts first (docs,
// by topic), each joins the first group of its kind with room
// (MaxGroupTopics) that the rules allow, else begins one. The texts name
// dishes side by side ("frites et salade"), which keeps entities apart
// elsewhere (distinctTopics) but not here, nor does a thesaurus's word
// space (Lexicon.Likeness, whose cosines mean synonymy). So the food a
// restaurant's reviews talk about most is one group, the next dishes the
// next; kin merges then keep each kind to itself (mergeRules.kinds).
// Clusters are the topics one each.
func mergeKinds(clusters [][]int, kinds []string, docs []int, rules mergeRules) [][]int {
	rules.mergeApart, rules.general = true, nil
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

// topicKinds returns the kinds of the topics' titles (kindOf).
func topicKinds(topics []Topic, kindOf func(string) string) []string {
	out := make([]string, len(topics))
	for i, t := range topics {
		out[i] = kindOf(t.Title)
	}
	return out
}

// minKindWord is the fewest letters of a word of the texts that joins the
// group of its kind (joinKinds): "vin", "thé", "çay" are drinks, while a
// word of two letters is mostly another (Turkish "et" is meat and "do!",
// and French "and").
const minKindWord = 3

// joinKinds adds each word of the texts (cw, nil: none; their kinds
// cw.kindOf, nil: none) that has a kind, may be an aspect and is no term
// of any topic, nor a word of one, yet to the group of its kind whose
// title is in most texts (docs; the first such group on a tie), as a term
// of that title's topic, in most texts first, maxCompounds at most: the
// topics (60 in feedback by default) leave out the drinks, dishes and
// waiters named in a text or two ("limonade", "cocktail", "sommelier"),
// and a text naming only those fell in no topic and outside its kind's
// group. A kind no group has takes none.
func joinKinds(groups []TopicGroup, cw *textWords, docs func(string) int) {
	if cw == nil || cw.kindOf == nil {
		return
	}
	target := map[string]int{} // kind → group
	used := map[string]bool{}
	for g, group := range groups {
		for _, t := range group.Topics {
			for _, term := range t.Terms {
				used[term] = true
				for _, w := range strings.Fields(term) { // "cream" of "ice cream"
					used[w] = true
				}
			}
		}
		k := cw.kindOf(group.Title)
		if at, ok := target[k]; k != "" && (!ok || docs(group.Title) > docs(groups[at].Title)) {
			target[k] = g
		}
	}
	found := map[int][]TermCount{}
	for word, w := range cw.words {
		if used[word] || !w.aspect {
			continue
		}
		if g, ok := target[cw.kindOf(word)]; ok {
			found[g] = append(found[g], TermCount{Term: word, Docs: int(w.docs)})
		}
	}
	for g, cs := range found {
		appendMostTexts(&groups[g].Topics[0], cs)
	}
}
