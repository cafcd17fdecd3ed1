package analysis

import (
	"math"
	"os"
	"strconv"
)

// Slots (feedback): the words right before and right after each one-word
// row in the texts (stop words and numbers included, not across sentence
// punctuation). Two words the texts use interchangeably fill the same
// slots ("the ram", "8gb ram", "more ram" as "the memory", "8gb memory");
// two words said in the same sentences need not ("the hard drive" but
// "4gb ram"). A word-space neighbour joins a topic only when its slots are
// like the title's (Vectors.Interchangeable).

// maxSlotWords bounds the distinct words counted in slots (later ones are
// not counted): the counts' memory stays bounded whatever the texts.
const maxSlotWords = 1 << 16

// slotCounts counts, per row and slot word and side, the occurrences.
type slotCounts struct {
	words   map[string]uint32
	n       map[uint64]uint32 // row<<32 | word<<1 | side (0 left, 1 right)
	prev    string            // the word before, "" at a break
	prevRow int32             // the row of the word before, -1 if none
}

// CountSlots makes Add count the rows' slots (Vectors.Interchangeable);
// only feedback needs them.
func (c *Contexts) CountSlots() {
	c.slot = &slotCounts{words: map[string]uint32{}, n: map[uint64]uint32{}, prevRow: -1}
}

// slotBreak forgets the word before (a text's start, sentence punctuation).
func (c *Contexts) slotBreak() {
	if c.slot != nil {
		c.slot.prev, c.slot.prevRow = "", -1
	}
}

// noteSlot records the token word, whose row is r (-1: none), as the
// right slot of the row before it and the word before as r's left slot.
func (c *Contexts) noteSlot(word string, r int32) {
	s := c.slot
	if s == nil {
		return
	}
	if s.prevRow >= 0 {
		s.add(s.prevRow, word, 1)
	}
	if r >= 0 && s.prev != "" {
		s.add(r, s.prev, 0)
	}
	s.prev, s.prevRow = word, r
}

func (s *slotCounts) add(r int32, word string, side uint64) {
	w, ok := s.words[word]
	if !ok {
		if len(s.words) >= maxSlotWords {
			return
		}
		w = uint32(len(s.words))
		s.words[word] = w
	}
	s.n[uint64(r)<<32|uint64(w)<<1|side]++
}

// slotVectors returns per row the unit PPMI vector of its slots (nil when
// it has none seen at least minCooccurrence times).
func (s *slotCounts) slotVectors(rows int) []map[uint32]float32 {
	rowTot := make([]float64, rows)
	colTot := map[uint32]float64{}
	total := 0.0
	for k, n := range s.n {
		rowTot[k>>32] += float64(n)
		colTot[uint32(k)] += float64(n)
		total += float64(n)
	}
	out := make([]map[uint32]float32, rows)
	for k, n := range s.n {
		r, col := k>>32, uint32(k)
		if n < minCooccurrence {
			continue
		}
		pmi := math.Log(float64(n) * total / (rowTot[r] * colTot[col]))
		if pmi <= 0 {
			continue
		}
		if out[r] == nil {
			out[r] = map[uint32]float32{}
		}
		out[r][col] = float32(pmi)
	}
	for _, v := range out {
		norm := 0.0
		for _, x := range v {
			norm += float64(x) * float64(x)
		}
		for k, x := range v {
			v[k] = float32(float64(x) / math.Sqrt(norm))
		}
	}
	return out
}

var slotFloor = func() float64 {
	w, err := strconv.ParseFloat(os.Getenv("G12S"), 64)
	if err != nil {
		return -1
	}
	return w
}()

// Interchangeable reports whether the texts use a and b in like slots
// (the cosine of their slot vectors at least slotFloor); true when the
// slots were not counted.
func (v *Vectors) Interchangeable(a, b string) bool {
	if v.slots == nil || slotFloor < 0 {
		return true
	}
	if os.Getenv("G12N") != "" {
		i, j := v.index[a], v.index[b]
		if v.slots[i] == nil || v.slots[j] == nil {
			return true
		}
	}
	cos := v.slotCos(a, b)
	return cos >= slotFloor && cos > 0
}

func (v *Vectors) slotCos(a, b string) float64 {
	i, ok := v.index[a]
	j, ok2 := v.index[b]
	if !ok || !ok2 || v.slots == nil {
		return 0
	}
	x, y := v.slots[i], v.slots[j]
	if len(y) < len(x) {
		x, y = y, x
	}
	cos := 0.0
	for k, a := range x {
		cos += float64(a) * float64(y[k])
	}
	return cos
}
