package analysis

import (
	"cmp"
	"slices"
	"strings"
)

// Implicit aspects. Feedback names many aspects by what it says of them,
// not by their noun: "reasonable" and "affordable" are said of prices,
// "tasty" of food, "rude" and "slow" of service. Such words are tonality,
// never a title (the opinion-title rule) nor the link that joins a noun
// member; but a sentence that holds only them ("Very slow.") is about the
// aspect. In feedback, an opinion word among the context words joins, as
// one of the last members, the one topic it is said of: the topic whose
// one-word terms it is most often near (within nearWindow terms in a
// clause, the counts Vectors.kin reads), at least opinionMinNear times
// (minCooccurrence: once is chance), in at least opinionShare of its
// occurrences near any topic's terms, and opinionLift times as often as
// the topic's share of all near context words, so a word said of anything ("great", "good": a fifth of its uses
// near food, about food's share) joins none. The words learnt are the
// texts' own: no list of aspects or of their words. Tuned on SemEval-2014
// restaurants and laptops, with and without the word space (share 0.25,
// 0.3, 0.4, lift 3, 5 and 2, 3, 5 times near tried; share 0.25 joined
// "excellent" to service and lost a category, 3 and 5 times joined fewer
// words: coverage 2 points lower).
const (
	opinionMinNear = minCooccurrence
	opinionShare   = 0.3
	opinionLift    = 3
)

// maxOpinionMembers is the most opinion words that join one topic, the
// most specific first: a bound on what a topic holds and a page shows. At
// 10 food and service were full on SemEval-2014 restaurants (without
// "attentive" and "bad"); 20 gave the same coverage, one point more
// without the word space.
const maxOpinionMembers = 20

// joinOpinions adds to the topics of groups the opinion words (words,
// context words of ctx) said of them (see opinionLift).
func joinOpinions(groups []TopicGroup, ctx *Contexts, words []string) {
	at, nearTopic := topicNear(groups, ctx)
	joins := saidOf(nearTopic, ctx.feats, words)
	added := make([]int, len(at))
	for _, j := range joins {
		g, t := at[j.topic][0], at[j.topic][1]
		if added[j.topic] < maxOpinionMembers && !inPhraseOf(j.term, groups[g].Topics[t].Terms) {
			added[j.topic]++
			groups[g].Topics[t].Terms = append(groups[g].Topics[t].Terms, j.term)
		}
	}
}

// inPhraseOf reports whether word is a word of one of the phrases among
// terms: "hard" of "hard drive" is near "drive" in every "hard drive",
// part of the aspect's name, not said of it.
func inPhraseOf(word string, terms []string) bool {
	for _, t := range terms {
		if strings.Contains(t, " ") && slices.Contains(strings.Fields(t), word) {
			return true
		}
	}
	return false
}

// topicNear returns the topics of groups in order (group, topic) and a
// function that gives per topic the near counts of context word f of ctx
// with the topic's one-word terms (f < 0: of all context words).
func topicNear(groups []TopicGroup, ctx *Contexts) (at [][2]int, nearTopic func(f int32) []float64) {
	var rowsOf [][]int32
	for g := range groups {
		for t, tp := range groups[g].Topics {
			var rs []int32
			for _, term := range tp.Terms {
				if r, ok := ctx.rowIdx[term]; ok { // phrases have no near counts
					rs = append(rs, r)
				}
			}
			rowsOf = append(rowsOf, rs)
			at = append(at, [2]int{g, t})
		}
	}
	nearTopic = func(f int32) []float64 {
		n := make([]float64, len(rowsOf))
		for k, rs := range rowsOf {
			for _, r := range rs {
				if f >= 0 {
					n[k] += float64(ctx.near[int(r)*ctx.nf+int(f)])
					continue
				}
				for _, x := range ctx.near[int(r)*ctx.nf : (int(r)+1)*ctx.nf] {
					n[k] += float64(x)
				}
			}
		}
		return n
	}
	return at, nearTopic
}

// opinionJoin is an opinion word said of a topic, with its lift.
type opinionJoin struct {
	topic int
	term  string
	lift  float64
}

// saidOf returns the words (context words, feats) said of a topic, by
// decreasing lift; nearTopic(f) gives per topic the near counts of
// context word f with its terms, nearTopic(-1) those of all words.
func saidOf(nearTopic func(f int32) []float64, feats map[string]int32, words []string) []opinionJoin {
	topicTot := nearTopic(-1)
	all := 0.0
	for _, x := range topicTot {
		all += x
	}
	var joins []opinionJoin
	for _, w := range words {
		f, ok := feats[w]
		if !ok {
			continue
		}
		n := nearTopic(f)
		best, tot := -1, 0.0
		for k := range n {
			tot += n[k]
			if best < 0 || n[k] > n[best] {
				best = k
			}
		}
		if best < 0 || n[best] < opinionMinNear || topicTot[best] == 0 {
			continue
		}
		share := n[best] / tot
		if lift := share / (topicTot[best] / all); share >= opinionShare && lift >= opinionLift {
			joins = append(joins, opinionJoin{best, w, lift})
		}
	}
	slices.SortStableFunc(joins, func(a, b opinionJoin) int { return cmp.Compare(b.lift, a.lift) })
	return joins
}

// opinionRows returns the context words that are opinion words (kinOnly)
// and no rule word (function, nil: none): a modifier with a valence (Dutch
// "zeer", very) joins no topic as what is said of it.
func opinionRows(feats []string, kinOnly map[string]bool, function func(string) bool) []string {
	var rows []string
	for _, f := range feats {
		if kinOnly[f] && (function == nil || !function(f)) {
			rows = append(rows, f)
		}
	}
	return rows
}
