package wordspace

import (
	"context"
	"errors"
	"hash"
	"io"
	"math"

	"github.com/viterin/vek/vek32"
)

// A space built ahead (the embedded default) can carry the candidate list
// of every word: its nearest words, merged and filtered as neighbourList
// does (case variants, punctuation, numbers and the word itself left out),
// found by exact search when the space was built. A suggestion for a word
// then reads its list instead of searching: the list is what an exact
// search would answer, at the cost of a few lookups. A list holds at most
// m words; when a pole's own terms take so many places of a full list that
// fewer than K remain, that term is searched as before.

// nbrTable holds up to m candidates per word, as 3-byte little-endian ids
// after a count byte: word i's record is rec[i*(1+3m):].
type nbrTable struct {
	m   int
	rec []byte
	// graph tells that each list is in the order of a thesaurus's graph
	// (thesaurus.go: the synonyms by the synsets they share with the
	// word), not of the cosines: Suggest then ranks by it (graphRank).
	graph bool
}

// NeighbourTableSize is how many candidates per word ComputeNeighbours
// keeps: K and room for the other terms of a pole of up to 21 terms.
const NeighbourTableSize = NeighbourK + 20

// maxTableWords bounds the ids a table can hold (3 bytes each).
const maxTableWords = 1 << 24

func (t *nbrTable) stride() int { return 1 + 3*t.m }

// list returns the number of candidates of word i and their ids' bytes.
func (t *nbrTable) list(i int) (int, []byte) {
	r := t.rec[i*t.stride() : (i+1)*t.stride()]
	return int(r[0]), r[1:]
}

func tableID(b []byte, j int) int {
	return int(b[3*j]) | int(b[3*j+1])<<8 | int(b[3*j+2])<<16
}

// tableNeighbours returns the first k candidates of word id that skip
// leaves, from the table, and false when the table cannot tell (no
// table, or a full list that ran out).
func (s *Space) tableNeighbours(id, k int, skip func(int) bool) ([]int, bool) {
	t := s.nbrs
	if t == nil || id < 0 {
		return nil, false
	}
	n, b := t.list(id)
	out := make([]int, 0, k)
	for j := 0; j < n && len(out) < k; j++ {
		if c := tableID(b, j); !skip(c) {
			out = append(out, c)
		}
	}
	return out, len(out) == k || n < t.m
}

// ComputeNeighbours fills the candidate table of every word by exact
// search (in batches over the cores). WriteSpace stores it. It must be
// called before the space is shared.
func (s *Space) ComputeNeighbours(ctx context.Context) error {
	n, m := s.Len(), NeighbourTableSize
	if n >= maxTableWords {
		return errors.New("word space too large for a neighbour table")
	}
	t := &nbrTable{m: m, rec: make([]byte, n*(1+3*m))}
	err := s.eachWordHits(ctx, rawK(m), s.searchExact, func(i int, hs []hit) {
		self, _ := s.candidateID(i)
		key := Fold(s.Word(i))
		ids := s.neighbourList(hs, m, func(c int) bool { return c == i || c == self || Fold(s.Word(c)) == key })
		r := t.rec[i*t.stride():]
		r[0] = byte(len(ids))
		for x, c := range ids {
			r[1+3*x], r[2+3*x], r[3+3*x] = byte(c), byte(c>>8), byte(c>>16)
		}
	})
	if err != nil {
		return err
	}
	s.nbrs = t
	return nil
}

// readNbrs reads a stored table of n words with m candidates each; in,
// when not nil, holds the same bytes in memory that stays (the embedded
// file), which the table then uses instead of a copy.
func (s *Space) readNbrs(r io.Reader, crc hash.Hash32, n, m int, in []byte, graph bool) error {
	t := &nbrTable{m: m, rec: in, graph: graph}
	if in == nil {
		t.rec = make([]byte, n*(1+3*m))
		if _, err := io.ReadFull(r, t.rec); err != nil {
			return errors.New("word space file: truncated")
		}
		crc.Write(t.rec)
	} else if _, err := io.CopyN(crc, r, int64(len(in))); err != nil {
		return errors.New("word space file: truncated")
	}
	for i := 0; i < n; i++ {
		c, b := t.list(i)
		if c > m {
			return errors.New("word space file: bad neighbour table")
		}
		for j := 0; j < c; j++ {
			if tableID(b, j) >= n {
				return errors.New("word space file: bad neighbour table")
			}
		}
	}
	s.nbrs = t
	return nil
}

// KthFromTable sets each word's K-th cosine (kth.go) from its candidate
// list: the cosine of its K-th candidate, −2 when the list holds fewer.
// On a table ComputeNeighbours made (exact), that is what ComputeKth finds,
// without a second search of every word. WriteSpace stores them.
func (s *Space) KthFromTable() error {
	if s.nbrs == nil || s.nbrs.m < NeighbourK {
		return errors.New("word space: no candidate table of K words")
	}
	bits := make([]uint32, s.Len())
	for i := range bits {
		n, b := s.nbrs.list(i)
		kth := float32(-2)
		if n >= NeighbourK {
			kth = vek32.Dot(s.Vector(i), s.Vector(tableID(b, NeighbourK-1)))
		}
		bits[i] = math.Float32bits(kth)
	}
	s.kth = &kthTable{k: NeighbourK, bits: bits, stored: true}
	return nil
}
