package main

import (
	"fmt"
	"sort"
	"strings"

	"explorer/analysis"
)

// placement is where the explored groups put each text: the topics
// (group index, topic index) whose terms it holds.
type placement struct {
	groups []analysis.TopicGroup
	topics [][][2]int // text → topics
}

// place finds the topics of every text.
func place(groups []analysis.TopicGroup, rs []review, lang string) placement {
	pl := placement{groups: groups, topics: make([][][2]int, len(rs))}
	for k, r := range rs {
		p := analysis.Prepare(r.text, lang)
		for i, g := range groups {
			for j, t := range g.Topics {
				for _, term := range t.Terms {
					if p.Contains(term) {
						pl.topics[k] = append(pl.topics[k], [2]int{i, j})
						break
					}
				}
			}
		}
	}
	return pl
}

// inGroups gives each group's texts.
func (pl placement) inGroups() []map[int]bool {
	in := make([]map[int]bool, len(pl.groups))
	for i := range in {
		in[i] = map[int]bool{}
	}
	for k, ts := range pl.topics {
		for _, t := range ts {
			in[t[0]][k] = true
		}
	}
	return in
}

// fit is a set of texts measured against a category's sentences.
type fit struct{ precision, recall, f1 float64 }

func fitOf(set, cat map[int]bool) fit {
	both := 0
	for k := range cat {
		if set[k] {
			both++
		}
	}
	if both == 0 {
		return fit{}
	}
	p, r := float64(both)/float64(len(set)), float64(both)/float64(len(cat))
	return fit{p, r, 2 * p * r / (p + r)}
}

// diagnose says, for a category, why its best group fits it as it does:
// the group's precision and recall; of the category's sentences, how
// many are in no topic, how many only in other groups (the three that
// hold the most named); the best single topic's fit, and the topics of
// the best group with their share of the category's sentences.
func (pl placement) diagnose(name string, cat map[int]bool, in []map[int]bool) string {
	best, bf := 0, fit{}
	for i, g := range in {
		if f := fitOf(g, cat); f.f1 > bf.f1 {
			best, bf = i, f
		}
	}
	none, outside, other := 0, 0, map[int]int{}
	for k := range cat {
		if len(pl.topics[k]) == 0 {
			none++
			continue
		}
		if in[best][k] {
			continue
		}
		outside++
		for i := range in {
			if in[i][k] {
				other[i]++
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %s (%d): best group [%s] P %.2f R %.2f F1 %.2f; in no topic %d, only in other groups %d (%s)",
		name, len(cat), pl.groups[best].Title, bf.precision, bf.recall, bf.f1, none, outside, pl.topGroups(other, 3))
	tg, tt, tf := pl.bestTopic(cat)
	fmt.Fprintf(&b, "; best topic %s of [%s] P %.2f R %.2f F1 %.2f", pl.groups[tg].Topics[tt].Title,
		pl.groups[tg].Title, tf.precision, tf.recall, tf.f1)
	b.WriteString("; topics of [" + pl.groups[best].Title + "]:")
	for j, t := range pl.groups[best].Topics {
		f := fitOf(pl.topicTexts(best, j), cat)
		fmt.Fprintf(&b, " %s P %.2f R %.2f", t.Title, f.precision, f.recall)
	}
	return b.String()
}

// topGroups names the n groups holding the most of counts.
func (pl placement) topGroups(counts map[int]int, n int) string {
	is := make([]int, 0, len(counts))
	for i := range counts {
		is = append(is, i)
	}
	sort.Slice(is, func(a, b int) bool {
		if counts[is[a]] != counts[is[b]] {
			return counts[is[a]] > counts[is[b]]
		}
		return is[a] < is[b]
	})
	var parts []string
	for _, i := range is[:min(n, len(is))] {
		parts = append(parts, fmt.Sprintf("[%s] %d", pl.groups[i].Title, counts[i]))
	}
	return strings.Join(parts, ", ")
}

func (pl placement) topicTexts(g, t int) map[int]bool {
	s := map[int]bool{}
	for k, ts := range pl.topics {
		for _, x := range ts {
			if x == [2]int{g, t} {
				s[k] = true
			}
		}
	}
	return s
}

// bestTopic is the single topic that fits the category best.
func (pl placement) bestTopic(cat map[int]bool) (int, int, fit) {
	bg, bt, bf := 0, 0, fit{}
	for i, g := range pl.groups {
		for j := range g.Topics {
			if f := fitOf(pl.topicTexts(i, j), cat); f.f1 > bf.f1 {
				bg, bt, bf = i, j, f
			}
		}
	}
	return bg, bt, bf
}
