package wordspace

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// writeVec writes n generated words of dim in the .vec text format.
func writeVec(t *testing.T, path string, n, dim int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	w.WriteString(strconv.Itoa(n) + " " + strconv.Itoa(dim) + "\n")
	gen := newClusteredGen(n, dim, 40, 7)
	for i := 0; i < n; i++ {
		w.WriteString("w" + strconv.Itoa(i))
		for _, x := range gen.next() {
			w.WriteString(" " + strconv.FormatFloat(float64(x), 'f', 5, 32))
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// clusteredByCopy is the conversion as it was before rows were moved in
// place: the index built on the space, then every row copied into a new
// space in the index's order.
func clusteredByCopy(t *testing.T, s *Space) *Space {
	t.Helper()
	ix, err := buildIVF(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := &Space{lang: s.lang, dim: s.dim, offs: []uint32{0}}
	var text []byte
	for _, id := range ix.ids {
		text = append(text, s.Word(int(id))...)
		out.offs = append(out.offs, uint32(len(text)))
		out.vecs = append(out.vecs, s.Vector(int(id))...)
	}
	out.text = string(text)
	out.buildIndex()
	ix.ids = nil
	out.ivf.Store(ix)
	return out
}

// TestConversionInPlaceSameAsCopy: converting a .vec on a first start
// (rows reordered in place) writes byte for byte the file the copying
// conversion wrote, and the served space answers the same neighbours.
func TestConversionInPlaceSameAsCopy(t *testing.T) {
	const n, dim = 3000, 24
	indexFrom(t, 1000)
	dir := t.TempDir()
	vec := filepath.Join(dir, "small.vec")
	writeVec(t, vec, n, dim)
	cache := filepath.Join(dir, "cache")
	ctx := context.Background()
	served, err := OpenServed(ctx, vec, cache, LoadOptions{Lang: "XX"})
	if err != nil {
		t.Fatal(err)
	}
	if !served.HasIndex() || served.Len() != n {
		t.Fatalf("served: %d words, index %v", served.Len(), served.HasIndex())
	}
	plain, err := Open(vec, LoadOptions{Lang: "XX"})
	if err != nil {
		t.Fatal(err)
	}
	want := clusteredByCopy(t, plain)
	if _, _, err := want.TuneProbes(ctx, ServedRecall, 200, 50); err != nil {
		t.Fatal(err)
	}
	var wantFile bytes.Buffer
	if err := WriteSpace(&wantFile, want, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*.wordspace"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	got, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, wantFile.Bytes()) {
		t.Fatalf("the conversion differs from the copying one (%d and %d bytes)", len(got), wantFile.Len())
	}
	for _, w := range []string{"w0", "w17", "w1234", "w2999"} {
		a, err := served.Neighbours(ctx, w, 10)
		if err != nil {
			t.Fatal(err)
		}
		b, err := want.Neighbours(ctx, w, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a, b) || len(a) == 0 {
			t.Fatalf("neighbours of %s: %v, want %v", w, a, b)
		}
	}
}
