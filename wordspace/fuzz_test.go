package wordspace

import (
	"bytes"
	"context"
	"testing"

	"explorer"
)

// checkSpace verifies the invariants every loaded space keeps.
func checkSpace(t *testing.T, s *Space) {
	if s.Len() < 1 || s.Dim() < 1 || len(s.vecs) != s.Len()*s.Dim() {
		t.Fatalf("%d words × %d, %d numbers", s.Len(), s.Dim(), len(s.vecs))
	}
	for i := 0; i < s.Len(); i++ {
		if _, ok := s.Lookup(s.Word(i)); !ok {
			t.Fatalf("word %d %q not found", i, s.Word(i))
		}
		var ss float64
		for _, x := range s.Vector(i) {
			ss += float64(x) * float64(x)
		}
		if ss != 0 && (ss < 0.999 || ss > 1.001) {
			t.Fatalf("word %d has |v|² = %v", i, ss)
		}
	}
	// A stored table or index is used by suggestions without a panic.
	pole := []explorer.WeightedTerm{{Term: s.Word(0), Weight: 1}, {Term: s.Word(s.Len() - 1), Weight: 1}}
	if _, err := s.Suggest(context.Background(), pole, 5); err != nil {
		t.Fatal(err)
	}
}

func FuzzReadText(f *testing.F) {
	f.Add([]byte("2 3\nthe 0.1 0.2 0.3\nof 1 2 3\n"))
	f.Add([]byte("the 0.1 0.2 0.3\nNew York 1 -2 3e-2\n"))
	f.Add([]byte("a\u00a0b 1 2\n. . 3 4\n"))
	f.Add([]byte("1 2\nx nan inf\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadText(bytes.NewReader(data), int64(len(data)), LoadOptions{})
		if err == nil {
			checkSpace(t, s)
		}
	})
}

func FuzzReadWord2Vec(f *testing.F) {
	var buf bytes.Buffer
	s, _ := New("EN", []string{"alpha", "beta"}, [][]float32{{1, 2}, {3, 4}}, nil)
	WriteWord2Vec(&buf, s)
	f.Add(buf.Bytes())
	f.Add([]byte("1 1\na \x00\x00\x80\x3f"))
	f.Add([]byte("3 2\n"))
	f.Add([]byte("5555555555555555555 5\na \x00\x00\x80\x3f"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadWord2Vec(bytes.NewReader(data), int64(len(data)), LoadOptions{})
		if err == nil {
			checkSpace(t, s)
		}
	})
}

func FuzzReadSpace(f *testing.F) {
	s, _ := New("EN", []string{"alpha", "beta", "Gamma Ray"}, [][]float32{{1, 2}, {3, 4}, {0, 1}}, []int64{1, 2, 3})
	words := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	vecs := [][]float32{{1, 0}, {0.9, 0.1}, {0, 1}, {0.1, 0.9}, {-1, 0}, {-0.9, 0.1}, {0, -1}, {0.1, -0.9}}
	big, _ := New("EN", words, vecs, nil)
	clustered, _ := big.Clustered(context.Background())
	tabled, _ := New("EN", words, vecs, nil)
	tabled.ComputeKth(context.Background())
	tabled.ComputeNeighbours(context.Background())
	for _, sp := range []*Space{s, clustered, tabled} {
		for _, opt := range []WriteOptions{{}, {Int8: true}} {
			var buf bytes.Buffer
			WriteSpace(&buf, sp, opt)
			f.Add(buf.Bytes())
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSpace(bytes.NewReader(data), int64(len(data)), LoadOptions{})
		if err == nil {
			checkSpace(t, s)
		}
		// Read dispatches on the content and must not panic either.
		if s2, err := Read(bytes.NewReader(data), int64(len(data)), LoadOptions{}); err == nil {
			checkSpace(t, s2)
		}
	})
}
