package wordspace

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// plantedCorpus writes sentences in which the words of each class share
// their contexts: class c's words appear between class c's own left and
// right context words, amid filler shared by all classes.
func plantedCorpus(classes, perClass, sentences int, seed uint64) (string, [][]string) {
	rng := rand.New(rand.NewPCG(seed, 1))
	members := make([][]string, classes)
	lefts := make([][]string, classes)
	rights := make([][]string, classes)
	for c := 0; c < classes; c++ {
		for i := 0; i < perClass; i++ {
			members[c] = append(members[c], "cls"+itoa(c)+"w"+itoa(i))
		}
		for i := 0; i < 4; i++ {
			lefts[c] = append(lefts[c], "left"+itoa(c)+"x"+itoa(i))
			rights[c] = append(rights[c], "right"+itoa(c)+"x"+itoa(i))
		}
	}
	fill := []string{"the", "a", "of", "and", "to", "in", "is", "it"}
	var b strings.Builder
	for s := 0; s < sentences; s++ {
		c := rng.IntN(classes)
		pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
		b.WriteString(pick(fill) + " " + pick(lefts[c]) + " " + pick(members[c]) + " " + pick(rights[c]) + " " + pick(fill))
		if rng.IntN(3) == 0 {
			b.WriteString(", " + pick(fill) + " " + pick(fill))
		}
		b.WriteString(".\n")
	}
	return b.String(), members
}

func TestRandomIndexingPlantedClasses(t *testing.T) {
	corpus, classes := plantedCorpus(6, 8, 12000, 3)
	dir := t.TempDir()
	path := filepath.Join(dir, "corpus.txt")
	if err := os.WriteFile(path, []byte(corpus), 0o644); err != nil {
		t.Fatal(err)
	}
	var progress []int64
	s, err := BuildFiles(context.Background(), BuildOptions{Lang: "EN", Seed: 42, MinCount: 5,
		Progress: func(done, total int64) { progress = append(progress, done) }}, []string{path})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dim() != 2000 || !s.HasCounts() {
		t.Fatalf("dim %d, counts %v", s.Dim(), s.HasCounts())
	}
	if len(progress) == 0 || progress[len(progress)-1] != 2*int64(len(corpus)) {
		t.Errorf("progress %v, want it to end at %d", progress, 2*len(corpus))
	}
	ctx := context.Background()
	var good, total int
	for ci, members := range classes {
		for _, w := range members {
			nb, err := s.Neighbours(ctx, w, len(members)-1)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range nb {
				if slices.Contains(classes[ci], n.Term) {
					good++
				}
			}
			total += len(members) - 1
		}
	}
	precision := float64(good) / float64(total)
	t.Logf("classmates among the nearest neighbours: %.3f", precision)
	if precision < 0.95 {
		t.Fatalf("classmates among the nearest neighbours: %.3f, want ≥ 0.95", precision)
	}
}

func TestRandomIndexingDeterministicUnderSeed(t *testing.T) {
	corpus, _ := plantedCorpus(3, 4, 500, 5)
	build := func(seed uint64) *Space {
		b := NewBuilder(BuildOptions{Lang: "EN", Dim: 300, Seed: seed, MinCount: 2})
		if err := b.CountText(strings.NewReader(corpus)); err != nil {
			t.Fatal(err)
		}
		b.Freeze()
		if err := b.TrainText(strings.NewReader(corpus)); err != nil {
			t.Fatal(err)
		}
		s, err := b.Space()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b, c := build(7), build(7), build(8)
	var wa, wb bytes.Buffer
	WriteSpace(&wa, a, WriteOptions{})
	WriteSpace(&wb, b, WriteOptions{})
	if !bytes.Equal(wa.Bytes(), wb.Bytes()) {
		t.Fatal("two builds with the same seed differ")
	}
	if slices.Equal(a.vecs, c.vecs) {
		t.Fatal("two seeds gave the same space")
	}
}

func TestRandomIndexingMinCountAndIndexVectors(t *testing.T) {
	b := NewBuilder(BuildOptions{Dim: 100, NonZero: 8, MinCount: 3})
	b.CountText(strings.NewReader("x y x y x z\n"))
	b.Freeze()
	if got := b.Words(); !slices.Equal(got, []string{"x"}) {
		t.Fatalf("vocabulary %v, want [x] (y has 2 < 3)", got)
	}
	idx := make([]int32, 8)
	b.indexVector("hello", idx)
	var plus, minus int
	seen := map[int32]bool{}
	for _, p := range idx {
		if p > 0 {
			plus++
		} else {
			minus++
			p = -p
		}
		if p < 1 || p > 100 || seen[p] {
			t.Fatalf("bad index vector %v", idx)
		}
		seen[p] = true
	}
	if plus != 4 || minus != 4 {
		t.Fatalf("index vector %v: %d +1, %d −1", idx, plus, minus)
	}
}

func TestRandomIndexingMarksDirection(t *testing.T) {
	// "a" is always left of "b": a's context is b shifted right, b's is a
	// shifted left; the two directions must not coincide.
	b := NewBuilder(BuildOptions{Dim: 64, NonZero: 4, MinCount: 1, Window: 1})
	b.CountText(strings.NewReader("a b\n"))
	b.Freeze()
	b.TrainText(strings.NewReader("a b\n"))
	ia, _ := b.ID("a")
	ib, _ := b.ID("b")
	idxB := make([]int32, 4)
	b.indexVector("b", idxB)
	ctxA := b.ctx[int(ia)*64 : int(ia+1)*64]
	for _, p := range idxB {
		sign := float32(1)
		if p < 0 {
			sign, p = -1, -p
		}
		pos := int(p-1+1) % 64 // right of a: shifted by +1
		if ctxA[pos]*sign <= 0 {
			t.Fatalf("a's context lacks b's index vector shifted right: %v", ctxA)
		}
	}
	_ = ib
}

func TestTokens(t *testing.T) {
	got := Tokens("Hello, World! It's a well-known e.g. 3.5 café -- end.", nil)
	want := []string{"hello", "world", "it's", "a", "well-known", "e.g", "3.5", "café", "end"}
	if !slices.Equal(got, want) {
		t.Fatalf("Tokens = %q, want %q", got, want)
	}
}
