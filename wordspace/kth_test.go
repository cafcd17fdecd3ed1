package wordspace

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/viterin/vek/vek32"
)

// The K-th cosine answers reciprocity as the search does: w is among c's
// K nearest neighbour candidates exactly when cos(c, w) reaches it.
func TestKthAnswersReciprocity(t *testing.T) {
	s := randomSpace(t, 3000, 24, 20, 7)
	ctx := context.Background()
	for c := 0; c < 3000; c += 37 {
		hits, err := s.search(ctx, [][]float32{s.Vector(c)}, rawK(NeighbourK))
		if err != nil {
			t.Fatal(err)
		}
		own := s.neighbourList(hits[0], NeighbourK, func(x int) bool { return x == c })
		in := map[int]bool{}
		for _, x := range own {
			in[x] = true
		}
		kth, err := s.kthFor(ctx, []int{c})
		if err != nil {
			t.Fatal(err)
		}
		for w := 0; w < 3000; w += 3 {
			if w == c {
				continue
			}
			if got := vek32.Dot(s.Vector(c), s.Vector(w)) >= kth[0]; got != in[w] {
				t.Fatalf("word %d for candidate %d: by K-th cosine %v, by search %v", w, c, got, in[w])
			}
		}
	}
}

// ComputeKth's values are stored by WriteSpace and read back; a space
// without them computes the same values when asked.
func TestKthStoredInTheFile(t *testing.T) {
	ctx := context.Background()
	s := randomSpace(t, 1500, 16, 10, 3)
	if err := s.ComputeKth(ctx); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSpace(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back.storedKth() == nil {
		t.Fatal("the K-th cosines were not read back")
	}
	fresh := randomSpace(t, 1500, 16, 10, 3)
	ids := []int{0, 5, 777, 1499}
	want, err := fresh.kthFor(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := back.kthFor(ctx, ids)
	for i := range ids {
		if math.Abs(float64(got[i]-want[i])) > 1e-6 {
			t.Fatalf("word %d: stored %v, computed %v", ids[i], got[i], want[i])
		}
	}
	// A file whose cosines are out of range is refused.
	raw := buf.Bytes()
	bad := append([]byte(nil), raw...)
	off := len(bad) - 8 - 4 // the last word's cosine, before the trailer
	copy(bad[off:], []byte{0, 0, 0x80, 0x7f})
	if _, err := ReadSpace(bytes.NewReader(bad), int64(len(bad)), LoadOptions{}); err == nil {
		t.Fatal("a damaged file was read")
	}
}

// Clustering reorders the stored K-th cosines with the words.
func TestKthSurvivesClustering(t *testing.T) {
	ctx := context.Background()
	s := randomSpace(t, 2000, 16, 10, 4)
	if err := s.ComputeKth(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := s.Clustered(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"w0", "w7", "w1999", "w1234"} {
		a, _ := s.Lookup(w)
		b, _ := c.Lookup(w)
		if s.storedKth()[a] != c.storedKth()[b] {
			t.Fatalf("%s: K-th cosine %v before clustering, %v after", w, s.storedKth()[a], c.storedKth()[b])
		}
	}
}

// KthFromTable gives, from an exact candidate table, the K-th cosines
// ComputeKth finds by searching.
func TestKthFromTableMatchesComputeKth(t *testing.T) {
	s := randomSpace(t, 2000, 24, 20, 9)
	ctx := context.Background()
	if err := s.KthFromTable(); err == nil {
		t.Fatal("no table, no error")
	}
	if err := s.ComputeNeighbours(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.KthFromTable(); err != nil {
		t.Fatal(err)
	}
	fromTable := append([]uint32(nil), s.storedKth()...)
	if err := s.ComputeKth(ctx); err != nil {
		t.Fatal(err)
	}
	for i, b := range s.storedKth() {
		if d := math.Abs(float64(math.Float32frombits(b) - math.Float32frombits(fromTable[i]))); d > 1e-6 {
			t.Fatalf("word %d: table %v, search %v", i, math.Float32frombits(fromTable[i]), math.Float32frombits(b))
		}
	}
}
