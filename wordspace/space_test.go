package wordspace

import (
	"math"
	"math/rand/v2"
	"testing"
)

// mustNew builds a space or fails the test.
func mustNew(t testing.TB, words []string, vecs [][]float32, counts []int64) *Space {
	t.Helper()
	s, err := New("EN", words, vecs, counts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomSpace builds n words "w0".."wN" with clustered random vectors:
// clusters of about size words share a centre, and groups of ten clusters
// a common topic, as words of a real space do.
func randomSpace(t testing.TB, n, dim, size int, seed uint64) *Space {
	t.Helper()
	words := make([]string, n)
	vecs := make([][]float32, n)
	gen := newClusteredGen(n, dim, size, seed)
	for i := range words {
		words[i] = "w" + itoa(i)
		vecs[i] = gen.next()
	}
	return mustNew(t, words, vecs, nil)
}

// clusteredGen makes vectors of a hierarchy: topic, cluster, word.
type clusteredGen struct {
	rng     *rand.Rand
	dim     int
	centres [][]float32
}

func newClusteredGen(n, dim, size int, seed uint64) *clusteredGen {
	rng := rand.New(rand.NewPCG(seed, 99))
	g := &clusteredGen{rng: rng, dim: dim}
	var topic []float32
	for i := 0; i < n/size+1; i++ {
		if i%10 == 0 {
			topic = randVec(rng, dim, 1)
		}
		c := randVec(rng, dim, 0.8)
		for j := range c {
			c[j] += topic[j]
		}
		g.centres = append(g.centres, c)
	}
	return g
}

func (g *clusteredGen) next() []float32 {
	v := randVec(g.rng, g.dim, 0.9)
	c := g.centres[g.rng.IntN(len(g.centres))]
	for j := range v {
		v[j] += c[j]
	}
	return v
}

func randVec(rng *rand.Rand, dim int, scale float64) []float32 {
	v := make([]float32, dim)
	var ss float64
	for j := range v {
		x := rng.NormFloat64()
		v[j] = float32(x)
		ss += x * x
	}
	f := float32(scale / math.Sqrt(ss))
	for j := range v {
		v[j] *= f
	}
	return v
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	p := len(b)
	for i > 0 {
		p--
		b[p] = byte('0' + i%10)
		i /= 10
	}
	return string(b[p:])
}

func TestLookupFoldsCaseAndSeparators(t *testing.T) {
	s := mustNew(t, []string{"Good", "good", "ice_cream", "New York", "Straße", "ÉTÉ"},
		[][]float32{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {2, 1}, {1, 2}}, nil)
	cases := []struct {
		in   string
		want int
	}{
		{"good", 1}, {"GOOD", 1}, {"Good", 1}, // the lower-case form wins among case variants
		{"ice cream", 2}, {"ICE_CREAM", 2}, {"ice\u00a0cream", 2},
		{"new_york", 3}, {"new york", 3},
		{"straße", 4}, {"été", 5},
	}
	for _, c := range cases {
		id, ok := s.Lookup(c.in)
		if !ok || id != c.want {
			t.Errorf("Lookup(%q) = %d, %v; want %d", c.in, id, ok, c.want)
		}
	}
	for _, w := range []string{"goo", "icecream", "", "new  york"} {
		if id, ok := s.Lookup(w); ok {
			t.Errorf("Lookup(%q) = %d, want not found", w, id)
		}
	}
}

func TestLookupPrefersFrequentThenLowerCase(t *testing.T) {
	v := [][]float32{{1, 0}, {0, 1}, {1, 1}}
	s := mustNew(t, []string{"US", "us", "Us"}, v, []int64{10, 3, 0})
	if id, _ := s.Lookup("us"); id != 0 {
		t.Errorf("with counts: %q wins", s.Word(id))
	}
	s = mustNew(t, []string{"US", "Us", "us"}, v, nil)
	if id, _ := s.Lookup("US"); id != 2 {
		t.Errorf("without counts: %q wins", s.Word(id))
	}
	s = mustNew(t, []string{"US", "Us"}, v[:2], nil)
	if id, _ := s.Lookup("us"); id != 0 {
		t.Errorf("no lower-case form: %q wins", s.Word(id))
	}
}

func TestVectorsAreUnitLength(t *testing.T) {
	s := mustNew(t, []string{"a", "b", "zero"}, [][]float32{{3, 4}, {-1, 0}, {0, 0}}, nil)
	for i := 0; i < 2; i++ {
		var ss float64
		for _, x := range s.Vector(i) {
			ss += float64(x) * float64(x)
		}
		if math.Abs(ss-1) > 1e-6 {
			t.Errorf("|%s|² = %v", s.Word(i), ss)
		}
	}
	if v := s.Vector(2); v[0] != 0 || v[1] != 0 {
		t.Errorf("zero vector became %v", v)
	}
}

func TestMultiwordTermUsesMeanOfWords(t *testing.T) {
	s := mustNew(t, []string{"hot", "dog", "hot dog", "ice"}, [][]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}}, nil)
	// Own vector when the multiword term has one, whatever the separator.
	for _, term := range []string{"hot dog", "hot_dog", "Hot Dog"} {
		v, id, ok := s.TermVector(term)
		if !ok || id != 2 || v[2] != 1 {
			t.Errorf("TermVector(%q) = %v, %d, %v", term, v, id, ok)
		}
	}
	// Mean of the words otherwise.
	v, id, ok := s.TermVector("ice_hot")
	if !ok || id != -1 {
		t.Fatalf("TermVector(ice_hot) = %v, %d, %v", v, id, ok)
	}
	want := []float64{1/math.Sqrt(3) + 1, 1 / math.Sqrt(3), 1 / math.Sqrt(3)}
	norm := math.Sqrt(want[0]*want[0] + want[1]*want[1] + want[2]*want[2])
	for j := range want {
		if math.Abs(float64(v[j])-want[j]/norm) > 1e-6 {
			t.Fatalf("mean vector %v, want %v", v, want)
		}
	}
	if _, _, ok := s.TermVector("ice unknown"); ok {
		t.Error("a multiword term with an unknown word has a vector")
	}
	if _, _, ok := s.TermVector("unknown"); ok {
		t.Error("an unknown word has a vector")
	}
}

func TestSubsetKeepsCounts(t *testing.T) {
	s := mustNew(t, []string{"a", "b", "c"}, [][]float32{{1, 0}, {0, 1}, {1, 1}}, []int64{5, 6, 7})
	sub := s.Subset([]int{2, 0})
	if sub.Len() != 2 || sub.Word(0) != "c" || sub.Count(0) != 7 || sub.Count(1) != 5 {
		t.Fatalf("subset: %d words, %q %d %d", sub.Len(), sub.Word(0), sub.Count(0), sub.Count(1))
	}
}

func TestNewRejectsBadInput(t *testing.T) {
	if _, err := New("EN", []string{"a"}, [][]float32{{1}, {2}}, nil); err == nil {
		t.Error("mismatched words and vectors accepted")
	}
	if _, err := New("EN", []string{"a", "b"}, [][]float32{{1}, {2, 3}}, nil); err == nil {
		t.Error("ragged vectors accepted")
	}
	if _, err := New("EN", nil, nil, nil); err == nil {
		t.Error("empty space accepted")
	}
}
