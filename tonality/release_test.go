package tonality

import "testing"

// TestReleaseReadsAgain: after Release a language's data is read again at
// the next For, into a new analyzer that analyses as the first did, which
// stays usable.
func TestReleaseReadsAgain(t *testing.T) {
	a, ok := For("EN")
	if !ok {
		t.Fatal("no English")
	}
	Release()
	b, _ := For("EN")
	if a == b {
		t.Fatal("the same analyzer after Release")
	}
	for _, w := range []string{"good", "terrible", "table"} {
		va, oka := a.Polarity(w)
		vb, okb := b.Polarity(w)
		if va != vb || oka != okb {
			t.Fatalf("%q: %v %v before, %v %v after", w, va, oka, vb, okb)
		}
	}
}
