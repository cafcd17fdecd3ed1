package main

import (
	"cmp"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"explorer/tools/internal/wordnet"
)

// antonyms holds WordNet's antonym pairs over the vocabulary, split as
// the evaluation splits them: a fifth of the direct pairs (heldOutPair)
// with everything derived from them is held out of counter-fitting.
type antonyms struct {
	train   [][2]int32
	heldOut map[int32][]int32 // query → its held-out antonyms (not trained)
	all     map[int32][]int32 // query → every antonym, trained or not
	// byRule holds the held-out antonyms a rule (affixes, derivation) also
	// makes.
	byRule map[int32][]int32
	// ptrs are the trained lexical antonym pointers (for derivation).
	ptrs []lexPtr
}

// lexPtr is a lexical pointer's two ends.
type lexPtr struct {
	from, to sense
}

// sense is a lemma of a synset (the synset's key and the lemma).
type sense struct {
	key, lemma string
}

// heldOutPair tells whether a direct antonym pair (two lemmas, any order)
// is held out: a fifth of them, by a hash of the sorted pair.
func heldOutPair(a, b string) bool {
	if a > b {
		a, b = b, a
	}
	h := fnv.New32a()
	h.Write([]byte(a + "|" + b))
	return h.Sum32()%5 == 0
}

// devSplit makes a tuning run: the held-out pairs and synsets are left
// out altogether, and another fifth of the trained ones (devPair,
// devSynset) is held out in their place, so that settings are chosen
// without looking at the pairs the figures are measured on.
var devSplit bool

// devPair tells whether a direct antonym pair is in the tuning fifth.
func devPair(a, b string) bool {
	if a > b {
		a, b = b, a
	}
	h := fnv.New32a()
	h.Write([]byte("dev|" + a + "|" + b))
	return h.Sum32()%5 == 0
}

// devSynset tells whether a synset is in the tuning fifth.
func devSynset(key string) bool {
	h := fnv.New32a()
	h.Write([]byte("dev|" + key))
	return h.Sum32()%5 == 0
}

// antonymPairs collects the antonym pairs: each lexical antonym pointer
// of WordNet ("!", between two lemmas) links the members of the two
// synsets and, for adjectives, of their satellites (WordNet's indirect
// antonyms: pricey and overpriced are satellites of expensive), and then
// every inflection of each (cheap, cheaper, cheapest against expensive;
// regular forms and WordNet's exception lists) that the vocabulary holds.
func antonymPairs(synsets map[string]*wordnet.Synset, exc map[string][]string, vocab []string) *antonyms {
	id := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		id[w] = int32(i)
	}
	sats := map[string][]string{}
	for _, k := range sortedSynsetKeys(synsets) {
		if ss := synsets[k]; ss.Satellite {
			for _, p := range ss.Ptrs {
				if p.Sym == "&" {
					sats[p.Key] = append(sats[p.Key], k)
				}
			}
		}
	}
	forms := func(key string) []int32 {
		var out []int32
		for _, k := range append([]string{key}, sats[key]...) {
			ss := synsets[k]
			for _, l := range ss.Lemmas {
				if strings.Contains(l, " ") {
					continue
				}
				for _, f := range inflections(l, ss.Pos, exc) {
					if i, ok := id[f]; ok && !slices.Contains(out, i) {
						out = append(out, i)
					}
				}
			}
		}
		return out
	}
	train, held := map[[2]int32]bool{}, map[[2]int32]bool{}
	var ptrs []lexPtr
	for _, k := range sortedSynsetKeys(synsets) {
		ss := synsets[k]
		for _, p := range ss.Ptrs {
			other, ok := synsets[p.Key]
			if p.Sym != "!" || !ok || p.Src < 1 || p.Src > len(ss.Lemmas) || p.Tgt < 1 || p.Tgt > len(other.Lemmas) {
				continue
			}
			dst := train
			a, b := ss.Lemmas[p.Src-1], other.Lemmas[p.Tgt-1]
			switch {
			case devSplit && heldOutPair(a, b):
				continue // the test pairs stay out of a tuning run
			case devSplit && devPair(a, b), !devSplit && heldOutPair(a, b):
				dst = held
			default:
				ptrs = append(ptrs, lexPtr{sense{k, a}, sense{p.Key, b}})
			}
			for _, a := range forms(k) {
				for _, b := range forms(p.Key) {
					if a != b {
						dst[[2]int32{min(a, b), max(a, b)}] = true
					}
				}
			}
		}
	}
	out := splitAntonyms(train, held)
	out.ptrs = ptrs
	return out
}

// splitAntonyms builds the pair lists: a held-out pair that training holds
// too is trained.
func splitAntonyms(train, held map[[2]int32]bool) *antonyms {
	out := &antonyms{train: sortedPairs(train), heldOut: map[int32][]int32{}, all: map[int32][]int32{}}
	add := func(m map[int32][]int32, p [2]int32) {
		m[p[0]] = append(m[p[0]], p[1])
		m[p[1]] = append(m[p[1]], p[0])
	}
	for p := range train {
		add(out.all, p)
	}
	for p := range held {
		add(out.all, p)
		if !train[p] {
			add(out.heldOut, p)
		}
	}
	for _, m := range []map[int32][]int32{out.heldOut, out.all} {
		for k, v := range m {
			slices.Sort(v)
			m[k] = slices.Compact(v)
		}
	}
	return out
}

// sortTrain orders the trained pairs (the fitting visits them in order).
func (a *antonyms) sortTrain() { slices.SortFunc(a.train, comparePairs) }

// comparePairs orders pairs by their first word, then their second.
func comparePairs(x, y [2]int32) int {
	return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
}

// sortedPairs lists a set of pairs in order.
func sortedPairs(set map[[2]int32]bool) [][2]int32 {
	out := slices.Collect(maps.Keys(set))
	slices.SortFunc(out, comparePairs)
	return out
}

// inflections returns a lemma with its regular inflected forms for its
// part of speech (comparative and superlative of adjectives and adverbs,
// plural of nouns, -s, -ed and -ing of verbs) and its irregular ones from
// WordNet's exception lists. Forms the vocabulary lacks are dropped later.
func inflections(l string, pos byte, exc map[string][]string) []string {
	out := append([]string{l}, exc[l]...)
	stem, last := l, l[len(l)-1]
	switch {
	case last == 'e':
		stem = l[:len(l)-1]
	case last == 'y' && len(l) > 2 && !strings.ContainsRune("aeiou", rune(l[len(l)-2])):
		stem = l[:len(l)-1] + "i"
	}
	double := l
	if n := len(l); n >= 3 && strings.ContainsRune("bdgmnpt", rune(last)) && strings.ContainsRune("aeiou", rune(l[n-2])) && !strings.ContainsRune("aeiou", rune(l[n-3])) {
		double = l + string(last)
	}
	switch pos {
	case 'a', 'r':
		out = append(out, stem+"er", stem+"est", double+"er", double+"est")
	case 'n':
		out = append(out, l+"s", l+"es", stem+"es")
	case 'v':
		out = append(out, l+"s", l+"es", stem+"es", stem+"ed", double+"ed", double+"ing", strings.TrimSuffix(l, "e")+"ing")
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func sortedSynsetKeys(synsets map[string]*wordnet.Synset) []string {
	keys := make([]string, 0, len(synsets))
	for k := range synsets {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Word formation makes antonyms WordNet need not list: a negating prefix
// (able/unable, eligible/ineligible, approve/disapprove), two opposite
// prefixes on one stem (upload/download, include/exclude,
// increase/decrease) and the -ful/-less suffixes (careful/careless). The
// rule knows no pair, only affixes, so it parts unseen words alike; pairs
// that training links as synonyms are dropped later (dropConflicts:
// invaluable/valuable, inflammable/flammable).
var (
	negatingPrefixes = []string{"un", "in", "im", "il", "ir", "dis", "non", "non-", "de", "anti"}
	oppositePrefixes = [][2]string{{"up", "down"}, {"on", "off"}, {"in", "out"}, {"over", "under"}, {"super", "sub"},
		{"en", "de"}, {"in", "ex"}, {"im", "ex"}, {"in", "de"}, {"pre", "post"}, {"pro", "anti"}, {"hyper", "hypo"}}
	oppositeSuffixes = [][2]string{{"ful", "less"}, {"fully", "lessly"}, {"fulness", "lessness"}}
)

// minAffixStem is the shortest stem the affix rule joins (on/off-set).
const minAffixStem = 4

// affixAntonyms returns the pairs of vocabulary words the affix rule makes
// antonyms, sorted.
func affixAntonyms(vocab []string) [][2]int32 {
	id := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		id[w] = int32(i)
	}
	set := map[[2]int32]bool{}
	add := func(a, b string) {
		i, ok1 := id[a]
		j, ok2 := id[b]
		if ok1 && ok2 && i != j {
			set[[2]int32{min(i, j), max(i, j)}] = true
		}
	}
	for _, w := range vocab {
		for _, p := range negatingPrefixes {
			if stem, ok := strings.CutPrefix(w, p); ok && len(stem) >= minAffixStem {
				add(w, stem)
			}
		}
		for _, pp := range oppositePrefixes {
			if stem, ok := strings.CutPrefix(w, pp[0]); ok && len(stem) >= minAffixStem {
				add(w, pp[1]+stem)
			}
		}
		for _, ss := range oppositeSuffixes {
			if stem, ok := strings.CutSuffix(w, ss[0]); ok && len(stem) >= 3 {
				add(w, stem+ss[1])
			}
		}
	}
	return sortedPairs(set)
}

// addAffixAntonyms adds the affix rule's pairs to the trained ones.
func addAffixAntonyms(ant *antonyms, vocab []string) {
	addRulePairs(ant, affixAntonyms(vocab), "affix rule")
}
