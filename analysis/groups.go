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
	if len(topics) == 0 {
		return nil
	}
	sim := topicSimilarities(topics, vecs)
	clusters := make([][]int, len(topics))
	for i := range topics {
		clusters[i] = []int{i}
	}
	for len(clusters) > max(n, 1) {
		a, b := closestPair(clusters, sim)
		if a < 0 {
			break
		}
		clusters[a] = append(clusters[a], clusters[b]...)
		clusters = slices.Delete(clusters, b, b+1)
	}
	clusters = placeSingles(clusters, sim)
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

// topicSimilarities returns the cosines between the topics' vectors.
func topicSimilarities(topics []Topic, vecs *Vectors) [][]float64 {
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
	sim := make([][]float64, len(topics))
	for i := range sim {
		sim[i] = make([]float64, len(topics))
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
// similarity whose union fits in a group; -1, -1 when none does.
func closestPair(clusters [][]int, sim [][]float64) (int, int) {
	ba, bb, best := -1, -1, -2.0
	for a := range clusters {
		for b := a + 1; b < len(clusters); b++ {
			if len(clusters[a])+len(clusters[b]) > MaxGroupTopics {
				continue
			}
			if s := linkage(clusters[a], clusters[b], sim); s > best {
				ba, bb, best = a, b, s
			}
		}
	}
	return ba, bb
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
// cluster of several that has room.
func placeSingles(clusters [][]int, sim [][]float64) [][]int {
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
			if len(c) < MaxGroupTopics {
				if l := linkage(s, c, sim); l > bestSim {
					best, bestSim = i, l
				}
			}
		}
		if best < 0 {
			out = append(out, s)
			continue
		}
		out[best] = append(out[best], s[0])
	}
	return out
}

func sqrt(x float64) float64 { return math.Sqrt(x) }
