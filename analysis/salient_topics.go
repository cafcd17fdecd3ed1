package analysis

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// Membership thresholds, cosines of context vectors (Vectors).
const (
	// neighbourCosine: a word-space neighbour joins a topic when the texts
	// use it in contexts at least this similar to the title's.
	neighbourCosine = 0.2
	// projectCosine: a term the word space does not relate to the title
	// joins when the texts use it in contexts at least this similar.
	projectCosine = 0.35
	// redundantCosine: a candidate this similar to a topic's title is not
	// another topic.
	redundantCosine = 0.5
)

// specificityFloor is added to every specificity in RankSalient, so that
// without contexts (a handful of texts) candidates keep their order.
const specificityFloor = 0.01

// RankSalient orders the candidates that have a row in vecs by their
// salience: their Score times the specificity of their contexts, so that
// words used with anything (boilerplate that passed the share limit) fall
// behind subjects. In feedback (gentle) it is the square root of the
// specificity: the main aspects of reviews (food 0.48, service 0.73,
// against pizza 1.22 in SemEval-2014 restaurants) are used with
// everything, and would fall behind dishes; in descriptive texts the
// square root lets generic words rise (Debian's NPMI 0.44 → 0.29).
func RankSalient(cands []Candidate, vecs *Vectors, gentle bool) []Candidate {
	var out []Candidate
	for _, c := range cands {
		i, ok := vecs.index[c.Term]
		if !ok {
			continue
		}
		spec := vecs.Specificity[i]
		if gentle {
			spec = math.Sqrt(spec)
		}
		c.Score *= spec + specificityFloor
		out = append(out, c)
	}
	slices.SortFunc(out, compareCandidates)
	return out
}

// BuildSalientTopics builds up to n topics from the ranked candidates: each
// not yet taken, nor a variant of or too similar to an earlier title (it
// then joins that title's topic, if it has room), titles a topic, which
// its inflections (same stem, whatever their contexts), its other variants
// and the terms the texts use in similar contexts join, most similar
// first, up to MaxTopicTerms terms. A joining term other than a variant
// must have contexts at least as specific as the median term's (generic
// words are near everything) and be either a candidate (at projectCosine)
// or one of the title's word-space neighbours in nbs (nbs may be nil) at
// neighbourCosine, or, in feedback, at any positive cosine: a short text
// has few context words, so a neighbour the texts use in some of the
// title's contexts is kin (waiter: server, bartender), and one too rare
// for its specificity to be measured (Vectors.thin: the prior outweighs
// its co-occurrences) is not held to the median (decor, tempura, brunch
// in a few texts; without the word space's word, the texts cannot tell
// a rare kin from a rare word used with anything). A term the texts
// name as an entity distinct from one of the topic's terms
// (Vectors.Distinct, counted in feedback only: "the keyboard and the
// mouse") joins it by no cosine. A term joins one topic.
func BuildSalientTopics(ranked []Candidate, vecs *Vectors, lang string, n int, nbs map[string][]string, feedback bool) []Topic {
	return buildSalientTopics(ranked, vecs, n, nbs, feedback, wordRules{lang: lang})
}

// wordRules are what buildSalientTopics knows of the words beside the
// texts: their language, the candidates that title no topic (noTitle:
// they may still join one) and the language's background list (rank, nil:
// none), which tells a misspelling (alikeVariants).
type wordRules struct {
	lang    string
	noTitle map[string]bool
	rank    func(string) int
	size    int // the words rank knows
}

// buildSalientTopics is BuildSalientTopics with the rules of words.
func buildSalientTopics(ranked []Candidate, vecs *Vectors, n int, nbs map[string][]string, feedback bool, words wordRules) []Topic {
	lang, noTitle := words.lang, words.noTitle
	variant := alikeVariants(lang, vecs, words.misspellings())
	inflection := variantTestWith(lang, false)
	nbCos := neighbourCosine
	if feedback {
		nbCos = math.SmallestNonzeroFloat64
	}
	salient := make(map[string]bool, len(ranked))
	for _, c := range ranked {
		salient[c.Term] = true
	}
	floor := vecs.medianSpecificity()
	used := map[string]bool{}
	var topics []Topic
	for _, c := range ranked {
		if len(topics) == n {
			break
		}
		if used[c.Term] {
			continue
		}
		if k := redundant(c.Term, topics, vecs, variant); k >= 0 {
			// As salient as a title and used like one: it joins that topic.
			if len(topics[k].Terms) < MaxTopicTerms {
				used[c.Term] = true
				topics[k].Terms = append(topics[k].Terms, c.Term)
			}
			continue
		}
		if noTitle[c.Term] {
			continue
		}
		used[c.Term] = true
		t := Topic{Title: c.Term, Terms: []string{c.Term}}
		joinInflections(&t, vecs, used, inflection)
		near := map[string]bool{}
		for _, nb := range nbs[c.Term] {
			near[FoldTerm(nb)] = true
		}
		for _, m := range nearest(c.Term, vecs) {
			if len(t.Terms) >= MaxTopicTerms {
				break
			}
			if used[m.term] {
				continue
			}
			specific := vecs.Specificity[vecs.index[m.term]] >= floor ||
				feedback && near[m.term] && vecs.thin(m.term)
			kin := specific && !vecs.distinctFrom(m.term, t.Terms)
			if variant(c.Term, m.term) || (kin && salient[m.term] && m.cos >= projectCosine) ||
				(kin && near[m.term] && m.cos >= nbCos) {
				used[m.term] = true
				t.Terms = append(t.Terms, m.term)
			}
		}
		topics = append(topics, t)
	}
	return topics
}

// joinInflections adds to t, while it has room, the terms with a vector
// not used yet that inflect its title (inflection), whatever their
// contexts: "pizzas", "bagels" in rare texts share none.
func joinInflections(t *Topic, vecs *Vectors, used map[string]bool, inflection func(a, b string) bool) {
	for _, other := range vecs.Terms {
		if len(t.Terms) < MaxTopicTerms && !used[other] && other != t.Title && inflection(t.Title, other) {
			used[other] = true
			t.Terms = append(t.Terms, other)
		}
	}
}

// editCosine is the least cosine of the contexts of two words one edit
// apart for them to be variants: "colour" and "color" are used alike,
// "sound" and "found", "waiter" and "water" are not.
const editCosine = 0.3

// misspeltListWords is the fewest words a background list must hold to
// tell a misspelling: English's web list holds 60,000, the other
// languages' lists of everyday speech 10,000, which lack too many of the
// words reviews use (a domain word one edit from an everyday one would
// be taken for its misspelling). The rule was measured on English only.
const misspeltListWords = 50000

// misspellings returns the background list that tells misspellings
// (alikeVariants), nil when there is none or it is too short.
func (w wordRules) misspellings() func(string) int {
	if w.size < misspeltListWords {
		return nil
	}
	return w.rank
}

// misspeltShare: a word one edit from another that the background list
// knows, itself unknown to the list, is a misspelling of it when in at
// most this share of the other's texts.
const misspeltShare = 0.25

// alikeVariants returns the variant test of lang where words one edit
// apart (and not of one stem) are variants only when the texts use them
// alike (editCosine), or when one is a misspelling of the other: a word
// the language's background list (rank, nil: none) lacks, one edit from a
// word it holds, in at most misspeltShare of that word's texts
// ("warrenty", 12 of SemEval-2014 laptops' texts, of "warranty", 50: a
// rare misspelling shares few contexts, and titled a topic of its own).
// Two words the list holds ("sound", "found") are told by their use.
func alikeVariants(lang string, vecs *Vectors, rank func(string) int) func(a, b string) bool {
	stem, any := variantTestWith(lang, false), variantTest(lang)
	return func(a, b string) bool {
		if stem(a, b) {
			return true
		}
		if !any(a, b) {
			return false
		}
		return vecs.Cosine(a, b) >= editCosine || misspelt(a, b, vecs, rank) || misspelt(b, a, vecs, rank)
	}
}

// misspelt reports whether word a (one edit from b) is a misspelling of b
// (see alikeVariants).
func misspelt(a, b string, vecs *Vectors, rank func(string) int) bool {
	if rank == nil || strings.Contains(a, " ") || rank(a) != 0 || rank(b) == 0 {
		return false
	}
	i, ok := vecs.index[a]
	j, ok2 := vecs.index[b]
	return ok && ok2 && float64(vecs.Docs[i]) <= misspeltShare*float64(vecs.Docs[j])
}

// medianSpecificity is the median specificity of the terms with a
// context vector.
func (v *Vectors) medianSpecificity() float64 {
	var s []float64
	for i, vec := range v.vecs {
		if vec != nil {
			s = append(s, v.Specificity[i])
		}
	}
	if len(s) == 0 {
		return 0
	}
	slices.Sort(s)
	return s[len(s)/2]
}

// redundant returns the index of the first of topics whose title term is
// a variant of, or too similar to and no entity distinct from its terms;
// -1 when none.
func redundant(term string, topics []Topic, vecs *Vectors, variant func(a, b string) bool) int {
	for i, t := range topics {
		if variant(t.Title, term) || (vecs.Cosine(t.Title, term) >= redundantCosine && !vecs.distinctFrom(term, t.Terms)) {
			return i
		}
	}
	return -1
}

type scored struct {
	term string
	cos  float64
}

// nearest returns the other terms with a context vector, by decreasing
// cosine with term's (then by term), those with a positive cosine only.
func nearest(term string, vecs *Vectors) []scored {
	i, ok := vecs.index[term]
	if !ok || vecs.vecs[i] == nil {
		return nil
	}
	var out []scored
	for j, other := range vecs.Terms {
		if j == i {
			continue
		}
		if cos := dot(vecs.vecs[i], vecs.vecs[j]); cos > 0 {
			out = append(out, scored{other, cos})
		}
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].cos != out[b].cos {
			return out[a].cos > out[b].cos
		}
		return out[a].term < out[b].term
	})
	return out
}
