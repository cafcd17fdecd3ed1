package analysis

import (
	"math"
	"slices"
)

// GroupTopics clusters topics into about n groups of at most
// MaxGroupTopics topics by average-linkage agglomeration of the context
// vectors of their terms (a topic's vector is the normalized sum of its
// terms'). A topic left alone joins the group nearest to it that has room.
// Groups come in the order of their most salient topic (the order of
// topics), which titles them; topics keep their order within a group.
func GroupTopics(topics []Topic, vecs *Vectors, n int) []TopicGroup {
	return groupTopics(topics, vecs, grouping{n: n})
}

// grouping is how groupTopics groups: into about n groups; in feedback
// (see groupTopics), and with kinOnly (feedback whose number of groups
// was not asked for) only kin (kinOnly below), which the word space also
// finds alike when the language has one (likeness: Lexicon.Likeness).
type grouping struct {
	n                 int
	feedback, kinOnly bool
	likeness          func(term string, others []string) []float64
	kind              func(term string) string // kindsOf; nil: none
}

// mergeRules are what keeps two clusters apart besides their linkage:
// unless mergeMain, at most one main topic a group; unless mergeApart, no
// two topics the texts name apart; with general (the word-space cosines
// of the topics' titles, NaN where unknown), a mean of the known ones of
// at least generalLeast; with kinds (by topic, "" for none: mergeKinds),
// only clusters whose first topics are of one kind or both of none: the
// merges keep a group of a kind to that kind ("menu" joined the made
// French reviews' drinks), and so does placeSingles.
type mergeRules struct {
	main                  []bool
	mergeMain, mergeApart bool
	apart                 [][]bool
	general               [][]float64
	generalLeast          float64
	kinds                 []string
}

// groupTopics is GroupTopics; in feedback the topics are told apart by
// what sets each off from all (feedbackSimilarities), the main aspects
// lead groups of their own (mainTopics), and a lone topic joins no group
// that holds an entity the texts name beside it (distinctTopics).
// With kinOnly (and at least kinMinTopics topics), two clusters merge
// only when their linkage stands out from the topics' pairs (kinLinkage)
// and no topic of the one is an entity named beside a topic of the other,
// and a topic left alone stays alone: the groups are then as many as the
// kin make, at least n. Main topics then merge as any kin do: the bar
// keeps food from the service, and joins the place with the restaurant.
// Where the language has kinds of nouns (how.kind: kindsOf, feedback
// only), the topics of one kind are grouped first (mergeKinds).
func groupTopics(topics []Topic, vecs *Vectors, how grouping) []TopicGroup {
	if len(topics) == 0 {
		return nil
	}
	how.kinOnly = how.kinOnly && len(topics) >= kinMinTopics
	tv := topicVectors(topics, vecs)
	rules := mergeRules{main: make([]bool, len(topics)), mergeApart: true}
	if how.feedback {
		centerVectors(tv)
		rules.main = mainTopics(topics, vecs)
		rules.apart = distinctTopics(topics, vecs)
	}
	sim := cosines(tv)
	least := math.Inf(-1)
	if how.kinOnly {
		least, rules.mergeApart, rules.mergeMain = kinLinkage(sim), false, true
		if how.likeness != nil {
			rules.general = titleLikeness(topics, how.likeness)
			rules.generalLeast = meanPlusSpread(rules.general, kinGeneralSpread)
		}
	}
	clusters := make([][]int, len(topics))
	for i := range topics {
		clusters[i] = []int{i}
	}
	if how.kind != nil {
		rules.kinds = topicKinds(topics, how.kind)
		clusters = mergeKinds(clusters, rules.kinds, topicDocs(topics, vecs), rules)
	}
	for len(clusters) > max(how.n, 1) {
		a, b := closestPair(clusters, sim, rules)
		if a < 0 || linkage(clusters[a], clusters[b], sim) < least {
			break
		}
		clusters[a] = append(clusters[a], clusters[b]...)
		clusters = slices.Delete(clusters, b, b+1)
	}
	if !how.kinOnly { // a lone kin would have merged: what is left is alone
		clusters = placeSingles(clusters, sim, rules)
	}
	return orderedGroups(topics, clusters)
}

// orderedGroups makes the clusters groups in the order of their first
// topic, their topics in the topics' order, each titled by its first.
func orderedGroups(topics []Topic, clusters [][]int) []TopicGroup {
	for _, c := range clusters {
		slices.Sort(c)
	}
	slices.SortFunc(clusters, func(a, b []int) int { return a[0] - b[0] })
	out := make([]TopicGroup, len(clusters))
	for i, c := range clusters {
		out[i].Title = topics[c[0]].Title
		for _, t := range c {
			out[i].Topics = append(out[i].Topics, topics[t])
		}
	}
	return out
}

// kinSpread is how many standard deviations above the mean similarity of
// all pairs of topics a linkage must be for kin (kinLinkage).
const kinSpread = 2.25

// kinMinTopics is the fewest topics grouped by kin alone: of fewer pairs
// the spread says little (of 3 or 4 topics no pair can stand 2.25
// standard deviations out, of 2 the one pair is its own mean), so fewer
// topics are grouped to the number of groups as when it is asked.
const kinMinTopics = 8

// kinGeneralSpread is how many standard deviations above the mean
// word-space cosine of all pairs of the topics' titles the titles of kin
// must be, where the language has a word space. The texts' contexts alone
// joined what merely met in a few sentences (purchase with keys, email
// with inch, waiter with seating, warranty with sony in SemEval-2014);
// kin are alike in the language too (service and staff, atmosphere and
// decor, programs and applications). Chosen on 20 resamples of 80 % of
// SemEval-2014 restaurants and laptops (bench-explore reviews -resample):
// at 0.5 standard deviations 3.8 of 4 restaurant and 8.3 of 10.3 laptop
// categories found on average, at 1 3.9 and 8.4, at 1.5 3.2 and 8.6
// (atmosphere and decor apart), without the rule 3.6 and 7.8.
const kinGeneralSpread = 1.0

// kinLinkage is the least linkage of kin: kinSpread standard deviations
// above the mean of the similarities of all pairs of topics. Feedback
// says every aspect the same things, so after centring most pairs are
// near 0 and kin stand out (service–staff 0.16, atmosphere–decor 0.11 in
// SemEval-2014 restaurants, where the bar is 0.10), while the last merges
// to a fixed number of groups join what is merely near (memory with the
// hard drive 0.07, programs with computer 0.07 in its laptops, bar 0.09).
func kinLinkage(sim [][]float64) float64 {
	if v := meanPlusSpread(sim, kinSpread); !math.IsInf(v, -1) {
		return v
	}
	return 0 // no pair
}

// meanPlusSpread is the mean of the known (not NaN) values of the pairs
// of m plus spread standard deviations; -Inf when none is known.
func meanPlusSpread(m [][]float64, spread float64) float64 {
	var sum, sq float64
	n := 0
	for i := range m {
		for j := i + 1; j < len(m); j++ {
			if x := m[i][j]; !math.IsNaN(x) {
				sum, sq, n = sum+x, sq+x*x, n+1
			}
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	mean := sum / float64(n)
	return mean + spread*math.Sqrt(max(sq/float64(n)-mean*mean, 0))
}

// titleLikeness returns the word-space cosines of the topics' titles
// (likeness: Lexicon.Likeness; NaN where the space lacks a title).
func titleLikeness(topics []Topic, likeness func(string, []string) []float64) [][]float64 {
	titles := make([]string, len(topics))
	for i, t := range topics {
		titles[i] = t.Title
	}
	out := make([][]float64, len(topics))
	for i := range topics {
		out[i] = likeness(titles[i], titles)
		if len(out[i]) != len(titles) { // not one value a title: says nothing
			out[i] = unknowns(len(titles))
		}
	}
	return out
}

// knownLinkage is the mean of the known values of m between a and b;
// +Inf when none is known (nothing says they differ).
func knownLinkage(a, b []int, m [][]float64) float64 {
	s, n := 0.0, 0
	for _, i := range a {
		for _, j := range b {
			if x := m[i][j]; !math.IsNaN(x) {
				s, n = s+x, n+1
			}
		}
	}
	if n == 0 {
		return math.Inf(1)
	}
	return s / float64(n)
}

// topicVectors returns the topics' vectors: the sums of their terms' kin
// vectors (nil when no term has one).
func topicVectors(topics []Topic, vecs *Vectors) [][]float32 {
	tv := make([][]float32, len(topics))
	for i, t := range topics {
		var sum []float32
		for _, term := range t.Terms {
			j, ok := vecs.index[term]
			if !ok || vecs.kin[j] == nil {
				continue
			}
			if sum == nil {
				sum = make([]float32, len(vecs.kin[j]))
			}
			for k, x := range vecs.kin[j] {
				sum[k] += x
			}
		}
		tv[i] = sum
	}
	return tv
}

// cosines returns the cosines between the vectors (0 with a nil one).
func cosines(tv [][]float32) [][]float64 {
	sim := make([][]float64, len(tv))
	for i := range sim {
		sim[i] = make([]float64, len(tv))
		for j := range sim[i] {
			n := dot(tv[i], tv[i]) * dot(tv[j], tv[j])
			if n > 0 {
				sim[i][j] = dot(tv[i], tv[j]) / sqrt(n)
			}
		}
	}
	return sim
}

// closestPair returns the two clusters (a < b) of highest average
// similarity whose union fits in a group and the rules allow; -1, -1 when
// none does.
func closestPair(clusters [][]int, sim [][]float64, rules mergeRules) (int, int) {
	ba, bb, best := -1, -1, -2.0
	for a := range clusters {
		for b := a + 1; b < len(clusters); b++ {
			if len(clusters[a])+len(clusters[b]) > MaxGroupTopics || !rules.allow(clusters[a], clusters[b]) {
				continue
			}
			if s := linkage(clusters[a], clusters[b], sim); s > best {
				ba, bb, best = a, b, s
			}
		}
	}
	return ba, bb
}

// allow reports whether the rules let clusters a and b merge.
func (r mergeRules) allow(a, b []int) bool {
	return (r.mergeMain || !bothMain(a, b, r.main)) && (r.mergeApart || !anyApart(a, b, r.apart)) &&
		(r.general == nil || knownLinkage(a, b, r.general) >= r.generalLeast) &&
		sameKind(a, b, r.kinds)
}

// sameKind reports whether clusters a and b are of one kind (kinds, by
// topic; nil: no kinds), each cluster being of one kind (mergeKinds).
func sameKind(a, b []int, kinds []string) bool {
	return kinds == nil || kinds[a[0]] == kinds[b[0]]
}

func linkage(a, b []int, sim [][]float64) float64 {
	s := 0.0
	for _, i := range a {
		for _, j := range b {
			s += sim[i][j]
		}
	}
	return s / float64(len(a)*len(b))
}

// placeSingles moves each cluster of one topic into the most similar
// cluster of several that has room, is of its kind (rules.kinds) and, if
// the topic is a main one, holds no main topic (rules.main). When that
// cluster holds a topic the topic is apart from (rules.apart, nil: none),
// the topic leads a group of its own instead: the
// texts name the two side by side, as two parts of the product ("the
// keyboard and the mouse"), and the group would be two aspects.
func placeSingles(clusters [][]int, sim [][]float64, rules mergeRules) [][]int {
	var out, singles [][]int
	for _, c := range clusters {
		if len(c) == 1 {
			singles = append(singles, c)
		} else {
			out = append(out, c)
		}
	}
	for _, s := range singles {
		best, bestSim := -1, -2.0
		for i, c := range out {
			if len(c) < MaxGroupTopics && !bothMain(s, c, rules.main) && sameKind(s, c, rules.kinds) {
				if l := linkage(s, c, sim); l > bestSim {
					best, bestSim = i, l
				}
			}
		}
		if best < 0 || anyApart(s, out[best], rules.apart) {
			out = append(out, s)
			continue
		}
		out[best] = append(out[best], s[0])
	}
	return out
}

// groupApartTogether is the fewest texts naming a term of each of two
// topics for the topics to be distinct entities in grouping (at
// distinctLift times chance). Fewer than a member needs
// (distinctTogether): a wrong "apart" here only leaves a topic a group
// of its own, and parts of a product are named in few texts ("the
// processor and hard drive" in 2 of SemEval-2014 laptops' 3,045, 12
// times chance, with 15 and 33 texts naming each).
const groupApartTogether = 2

// distinctTopics reports which topics the texts name as distinct
// entities: a term of the one beside a term of the other in at least
// groupApartTogether texts, at least distinctLift times as often as
// chance (none when the pairs were not counted).
func distinctTopics(topics []Topic, vecs *Vectors) [][]bool {
	apart := make([][]bool, len(topics))
	for i := range topics {
		apart[i] = make([]bool, len(topics))
	}
	for i := range topics {
		for j := i + 1; j < len(topics); j++ { // the relation is symmetric: counted once a pair
			apart[i][j] = termsNamedApart(vecs, topics[i].Terms, topics[j].Terms)
			apart[j][i] = apart[i][j]
		}
	}
	return apart
}

// termsNamedApart reports whether a term of a and a term of b are named
// apart in at least groupApartTogether texts (Vectors.namedApartFrom).
func termsNamedApart(vecs *Vectors, a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return vecs.namedApartFrom(x, b, groupApartTogether) })
}

// anyApart reports whether a topic of a is apart from one of b.
func anyApart(a, b []int, apart [][]bool) bool {
	if apart == nil {
		return false
	}
	for _, i := range a {
		if slices.ContainsFunc(b, func(j int) bool { return apart[i][j] }) {
			return true
		}
	}
	return false
}

func sqrt(x float64) float64 { return math.Sqrt(x) }

// centerVectors makes each vector unit length and takes away their mean.
// In feedback every aspect is said the same things ("great", "was good",
// "the food and the service"), and the main aspects, said of most, are
// near one another by that alone: food joined service, staff and place.
// What is left after the mean is what sets a topic off from the others,
// which tells its kin (service with staff and waiter).
func centerVectors(tv [][]float32) {
	var mean []float64
	n := 0
	for _, v := range tv {
		if l := math.Sqrt(dot(v, v)); l > 0 {
			if mean == nil {
				mean = make([]float64, len(v))
			}
			for k, x := range v {
				mean[k] += float64(x) / l
			}
			n++
		}
	}
	for i, v := range tv {
		l := math.Sqrt(dot(v, v))
		if l == 0 {
			continue
		}
		out := make([]float32, len(v))
		for k, x := range v {
			out[k] = float32(float64(x)/l - mean[k]/float64(n))
		}
		tv[i] = out
	}
}

// mainShare: a topic whose title is in at least this many times the mean
// texts of the topics' titles is a main aspect of feedback (SemEval-2014
// restaurants: food, place, service, restaurant; laptops: laptop,
// computer, mac, macbook, back). The restaurant categories' F1s were the
// same at 2 to 4.
const mainShare = 2

// mainTopics reports the main aspects among the topics: the few said of
// far more texts than the others. Grouped to a number, no two of them
// share a group: averaging down to n groups links the most frequent
// topics, whose contexts are everyone's, into one group that is no aspect
// but the whole (food with service and place). Grouped by kin alone
// (kinOnly), the kin bar does that work, and two main topics that are
// kin share a group (SemEval-2014: place and restaurant, mac and macbook;
// no category's F1 moved).
func mainTopics(topics []Topic, vecs *Vectors) []bool {
	docs := topicDocs(topics, vecs)
	sum := 0
	for _, d := range docs {
		sum += d
	}
	main := make([]bool, len(topics))
	for i := range topics {
		main[i] = sum > 0 && float64(docs[i]*len(topics)) >= mainShare*float64(sum)
	}
	return main
}

// bothMain reports whether clusters a and b each hold a main topic.
func bothMain(a, b []int, main []bool) bool {
	isMain := func(i int) bool { return main[i] }
	return slices.ContainsFunc(a, isMain) && slices.ContainsFunc(b, isMain)
}

// topicDocs returns the number of texts that hold each topic's title.
func topicDocs(topics []Topic, vecs *Vectors) []int {
	out := make([]int, len(topics))
	for i, t := range topics {
		out[i] = vecs.docsOf(t.Title)
	}
	return out
}
