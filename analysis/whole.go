package analysis

import (
	"cmp"
	"slices"
)

// The place or the product as a whole. Feedback says much of the whole
// without naming it or any aspect ("Highly recommended.", "Love it.",
// "Never again."), and names the whole with a demonstrative far more
// often than an aspect: "this place", "this laptop", "deze zaak", against
// "the food", "the battery" (SemEval-2014 restaurants: place 127 of its
// 191 uses after a determiner, restaurant 44 of 94, food 2 of 230,
// service 0 of 98; laptops: laptop 89 of 150, computer 78 of 213). The
// topic of the whole is the topic whose terms follow a demonstrative most
// often (wholeTopic); in feedback the opinion words said mostly near no
// other topic's terms join it (joinWhole), so a sentence that names no
// aspect and says how the whole is falls in it. Languages without cue
// lists (no demonstratives known) have no topic of the whole.
const (
	// wholeMin is the least number of a topic's uses after a
	// demonstrative for it to be the whole.
	wholeMin = 5
	// wholeShare is the least share of the uses after a determiner that
	// follow a demonstrative for a topic to be the whole: the whole is
	// pointed at, an aspect seldom is.
	wholeShare = 0.25
	// aloneShare: an opinion word is said of the whole when it is near
	// another topic's terms in fewer than this share of its occurrences
	// (most of its uses name no other aspect). Tried on SemEval-2014
	// (tuning) at 0.3, 0.4, 0.5, 0.6, 0.75 and 1: the categories found
	// are the same at all; 0.3 and 0.4 let in rare words only (the
	// frequent "love", "recommend", "worth" are said beside an aspect in
	// a third of their uses), above 0.5 words said of aspects as often
	// as not join too.
	aloneShare = 0.5
	// maxWholeMembers is the most words said of nothing named that join
	// the whole, beside the maxOpinionMembers said of it (joinOpinions):
	// the whole's topic holds at most both, a bound of its own. Sharing
	// one bound of 20 with joinOpinions (the whole is said much of) cost
	// 4 points of coverage on SemEval-2014 restaurants (84 → 80 %).
	maxWholeMembers = maxOpinionMembers
)

// saidWords are the opinion words among the context words (joinOpinions,
// joinWhole), with their occurrences and whether each is a fuller function
// word of the texts' language (like, want, actually: such a word said of
// nothing named joins no whole), and the uses after a cue of the terms the
// texts put after a demonstrative (wholeTopic), read from the Counter
// before it is let go.
type saidWords struct {
	words    []string
	counts   map[string]int
	function map[string]bool
	pointed  map[string]wordUse
}

// newSaidWords returns words with their counts from counter, of texts in
// language lang.
func newSaidWords(counter *Counter, words []string, lang string) saidWords {
	s := saidWords{words: words, counts: make(map[string]int, len(words)), function: map[string]bool{}, pointed: map[string]wordUse{}}
	key := langKey(lang)
	for _, w := range words {
		s.counts[w] = counter.Count(w).Count
		if counter.fullerFunctionWord(w, key) {
			s.function[w] = true
		}
	}
	for t, u := range counter.uses {
		if u.dem > 0 {
			s.pointed[t] = *u
		}
	}
	return s
}

// wholeTopic returns the index (in topicNear's order) of the topic of the
// whole: the one whose terms follow a demonstrative most often, at least
// wholeMin times and in at least wholeShare of their uses after a
// determiner; -1 when none is.
func wholeTopic(groups []TopicGroup, pointed map[string]wordUse) int {
	best, bestDem, k := -1, 0, 0
	for _, g := range groups {
		for _, t := range g.Topics {
			dem, det := 0, 0
			for _, term := range t.Terms {
				dem += pointed[term].dem
				det += pointed[term].det
			}
			if dem >= wholeMin && float64(dem) >= wholeShare*float64(det) && dem > bestDem {
				best, bestDem = k, dem
			}
			k++
		}
	}
	return best
}

// joinSaid adds to the topics of groups the opinion words said of them
// (joinOpinions) and to the topic of the whole those said of no aspect
// (joinWhole). The whole is chosen first, by the topics' own terms: an
// opinion word pointed at ("this tasty pizza") must not make the topic it
// joins the whole.
func joinSaid(groups []TopicGroup, ctx *Contexts, said saidWords) {
	whole := wholeTopic(groups, said.pointed)
	joinOpinions(groups, ctx, said.words)
	joinWhole(groups, ctx, said, whole)
}

// joinWhole adds to the topic of the whole (whole: its index in
// topicNear's order, found by wholeTopic before opinion words joined
// topics; -1: none) the opinion words of said that are no term of a topic
// yet, no fuller function word of the language, and near another topic's
// terms in fewer than aloneShare of their occurrences, those in most
// occurrences first, at most maxWholeMembers of them. Without the
// function-word rule the place of SemEval-2014 restaurants took like,
// want, actually, right, please (1 point of coverage more, 84 %); with it
// noise, satisfied, comfortable (and the laptop lightweight, broken).
func joinWhole(groups []TopicGroup, ctx *Contexts, said saidWords, whole int) {
	if whole < 0 {
		return
	}
	at, nearTopic := topicNear(groups, ctx)
	taken := map[string]bool{}
	for _, g := range groups {
		for _, t := range g.Topics {
			for _, term := range t.Terms {
				taken[term] = true
			}
		}
	}
	var alone []string
	for _, w := range said.words {
		f, ok := ctx.feats[w]
		if !ok || taken[w] || said.function[w] || said.counts[w] < minCooccurrence {
			continue
		}
		others := 0.0
		for k, n := range nearTopic(f) {
			if k != whole {
				others += n
			}
		}
		if others < aloneShare*float64(said.counts[w]) {
			alone = append(alone, w)
		}
	}
	slices.SortStableFunc(alone, func(a, b string) int { return cmp.Compare(said.counts[b], said.counts[a]) })
	g, t := at[whole][0], at[whole][1]
	groups[g].Topics[t].Terms = append(groups[g].Topics[t].Terms, alone[:min(len(alone), maxWholeMembers)]...)
}
