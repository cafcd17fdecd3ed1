package wordspace

import (
	"cmp"
	"context"
	"errors"
	"io"
	"math"
	"slices"

	"explorer/wordspace/lexicon"
	"github.com/viterin/vek/vek32"
)

// A thesaurus space is the word space of a language that has a thesaurus
// (synsets) and no corpus vectors: it is built when it is loaded, in well
// under a second, from the thesaurus alone, so that a file of synsets
// (a few hundred KB compressed) is all it needs. Suggestions go through
// the same engine as for any space:
//
//   - each word's candidate list (nbrs.go) is the thesaurus's graph: its
//     synonyms first (by the synsets they share with it, each weighed by
//     its sense's reciprocity: thesaurus_sense.go), then
//     the synonyms of its synonyms (by the number of such paths), up to
//     NeighbourTableSize; the table is marked as a graph's (nbrTable's
//     graph), and Suggest ranks by that order before the cosines
//     (graphRank);
//   - its vector (ThesaurusDim dimensions) is the sum of a fixed random
//     vector per synset it belongs to, plus half the mean of its synonyms'
//     (a second-order link), which gives the cosines of suggestions and
//     answers multiword terms;
//   - its K-th cosine (reciprocity) is the lowest cosine among the first K
//     of its list, or −2 when its list is shorter than K;
//   - it has no counts: a thesaurus counts nothing, so frequency is 0.

// ThesaurusDim is the dimension of the vectors of a thesaurus space.
const ThesaurusDim = 48

// Bounds of the work per word when a thesaurus space is built: the
// synonyms of at most thesaurusHops synonyms are followed, and at most
// thesaurusWork memberships are counted per word, so that a word in very
// many synsets costs no more than others.
const (
	thesaurusHops = 20
	thesaurusWork = 1 << 12
)

// ThesaurusSpace builds the word space of thesaurus t for lang.
func ThesaurusSpace(t *lexicon.Thesaurus, lang string) (*Space, error) {
	n := t.Len()
	if n == 0 {
		return nil, errors.New("thesaurus: no synsets of two words or more")
	}
	member := make([][]int32, n)
	for si := range t.Synsets() {
		ids := t.SynsetIDs(si)
		for _, id := range ids {
			member[id] = append(member[id], int32(si))
		}
	}
	v1 := firstOrder(t, member)
	lists := graphLists(t, member)
	vecs := make([][]float32, n)
	sum := make([]float32, ThesaurusDim)
	for i := range vecs {
		clear(sum)
		direct := 0
		for _, c := range lists[i] {
			if c.direct {
				vek32.Add_Inplace(sum, v1[c.id])
				direct++
			}
		}
		v := slices.Clone(v1[i])
		if direct > 0 && normalize(sum) {
			vek32.MulNumber_Inplace(sum, 0.5)
			vek32.Add_Inplace(v, sum)
		}
		vecs[i] = v
	}
	s, err := New(lang, t.Words(), vecs, nil)
	if err != nil {
		return nil, err
	}
	s.setGraph(lists)
	return s, nil
}

// firstOrder returns each word's sum of its synsets' random vectors
// (weighted by 1/size, so that a large synset links its words less),
// normalised.
func firstOrder(t *lexicon.Thesaurus, member [][]int32) [][]float32 {
	out := make([][]float32, t.Len())
	r := make([]float32, ThesaurusDim)
	for i, sets := range member {
		v := make([]float32, ThesaurusDim)
		for _, si := range sets {
			synsetVector(r, uint64(si))
			vek32.MulNumber_Inplace(r, 1/float32(len(t.SynsetIDs(int(si)))))
			vek32.Add_Inplace(v, r)
		}
		normalize(v)
		out[i] = v
	}
	return out
}

// synsetVector fills r with the fixed random vector of synset si: values
// uniform in [−1, 1] from a hash of its number.
func synsetVector(r []float32, si uint64) {
	h := splitmix(si*0x9e3779b97f4a7c15 + 0x7f4a7c15)
	for d := range r {
		h = splitmix(h)
		r[d] = float32(int64(h)>>11) / float32(1<<52)
	}
}

// graphEdge is a candidate of a word's list: a synonym (direct) or a
// synonym's synonym, with the weight of the synsets or the number of
// paths linking them.
type graphEdge struct {
	id     int32
	score  int32
	direct bool
}

// Weights of the graph's scores: a synset shared with a word adds
// sharedUnit × (1 + senseBackWeight × its sense's reciprocity, in [0, 1]),
// a path through a synonym adds 1 (at most thesaurusWork of them, so
// below sharedUnit: a synonym always comes before a synonym's synonym).
const (
	sharedUnit      = 1 << 16
	senseBackWeight = 3
)

// graphLists returns each word's candidates: its synonyms by the weight
// of the synsets they share (sharedWeight: a synset of the word's common
// sense weighs more), then its synonyms' synonyms by the number of paths
// (through its thesaurusHops strongest synonyms), ties by word id, at
// most NeighbourTableSize.
func graphLists(t *lexicon.Thesaurus, member [][]int32) [][]graphEdge {
	n := t.Len()
	back := listedBy(t)
	out := make([][]graphEdge, n)
	score := make([]int32, n)
	direct := make([]bool, n)
	var touched []int32
	add := func(w int32, si int32, inc int32, work *int) bool {
		for _, j := range t.SynsetIDs(int(si)) {
			if *work--; *work < 0 {
				return false
			}
			if j == w {
				continue
			}
			if score[j] == 0 && !direct[j] {
				touched = append(touched, j)
			}
			score[j] += inc
			direct[j] = direct[j] || inc >= sharedUnit
		}
		return true
	}
	for w := range n {
		touched = touched[:0]
		work, weighWork := thesaurusWork, thesaurusWork
		for _, si := range member[w] {
			if !add(int32(w), si, sharedWeight(t, back, int32(w), si, &weighWork), &work) {
				break
			}
		}
		syn := topByScore(touched, score, thesaurusHops)
		work = thesaurusWork
	hops:
		for _, k := range syn {
			for _, si := range member[k] {
				if !add(int32(w), si, 1, &work) {
					break hops
				}
			}
		}
		best := topByScore(touched, score, NeighbourTableSize)
		list := make([]graphEdge, 0, len(best))
		for _, j := range best {
			list = append(list, graphEdge{id: j, score: score[j], direct: direct[j]})
		}
		out[w] = list
		for _, j := range touched {
			score[j], direct[j] = 0, false
		}
	}
	return out
}

// topByScore returns the k words of ids with the highest scores (ties by
// lower id), in that order, keeping a sorted window of k: linear in
// len(ids) when, as here, few words enter it late.
func topByScore(ids []int32, score []int32, k int) []int32 {
	key := func(id int32) uint64 { return uint64(uint32(score[id]))<<32 | uint64(^uint32(id)) }
	top := make([]uint64, 0, k+1)
	for _, id := range ids {
		x := key(id)
		if len(top) == k && x <= top[k-1] {
			continue
		}
		i, _ := slices.BinarySearchFunc(top, x, func(a, b uint64) int { return cmp.Compare(b, a) })
		top = slices.Insert(top, i, x)
		if len(top) > k {
			top = top[:k]
		}
	}
	out := make([]int32, len(top))
	for i, x := range top {
		out[i] = int32(^uint32(x))
	}
	return out
}

// setGraph stores the lists as the space's candidate table and its K-th
// cosines (the lowest among the first K, −2 for a shorter list).
func (s *Space) setGraph(lists [][]graphEdge) {
	m := NeighbourTableSize
	tb := &nbrTable{m: m, rec: make([]byte, s.Len()*(1+3*m)), graph: true}
	bits := make([]uint32, s.Len())
	for i, list := range lists {
		r := tb.rec[i*tb.stride():]
		r[0] = byte(len(list))
		kth := float32(-2)
		if len(list) >= NeighbourK {
			kth = 2
		}
		for x, c := range list {
			id := int(c.id)
			r[1+3*x], r[2+3*x], r[3+3*x] = byte(id), byte(id>>8), byte(id>>16)
			if x < NeighbourK && len(list) >= NeighbourK {
				kth = min(kth, vek32.Dot(s.Vector(i), s.Vector(id)))
			}
		}
		bits[i] = math.Float32bits(kth)
	}
	s.nbrs = tb
	s.kth = &kthTable{k: NeighbourK, bits: bits, stored: true}
}

// ReadThesaurusSpace reads a MyThes file (gzip-compressed or not) and
// builds its space for opt.Lang.
func ReadThesaurusSpace(ctx context.Context, r io.Reader, size int64, opt LoadOptions) (*Space, error) {
	t, err := lexicon.ReadThesaurus(r)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if opt.Progress != nil {
		opt.Progress(size/2, size)
	}
	return ThesaurusSpace(t, opt.Lang)
}
