package wordspace

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"reflect"
	"testing"

	"explorer"
)

// tableSpace is a clustered space with case variants and punctuation, so
// that the candidate lists merge and filter words as a search does.
func tableSpace(t *testing.T) *Space {
	t.Helper()
	gen := newClusteredGen(3000, 24, 8, 11)
	var words []string
	var vecs [][]float32
	for i := 0; i < 3000; i++ {
		w := "w" + itoa(i)
		switch i % 50 {
		case 7:
			w = "W" + itoa(i-1) // a case variant of the word before
		case 9:
			w = "!" + itoa(i)
		}
		words = append(words, w)
		vecs = append(vecs, gen.next())
	}
	return mustNew(t, words, vecs, nil)
}

func poleOf(words ...string) []explorer.WeightedTerm {
	var p []explorer.WeightedTerm
	for i, w := range words {
		p = append(p, explorer.WeightedTerm{Term: w, Weight: float64(1 + i%3)})
	}
	return p
}

// The table answers what exact search answers: suggestions for poles of
// 1, 3 and 25 terms (the last more than the table has room for, so some
// terms are searched) and neighbours of single words.
func TestNeighbourTableAnswersAsSearch(t *testing.T) {
	ctx := context.Background()
	plain := tableSpace(t)
	withTable := tableSpace(t)
	if err := withTable.ComputeNeighbours(ctx); err != nil {
		t.Fatal(err)
	}
	var big []string
	for _, h := range mustNeighbours(t, plain, "w100", 24) {
		big = append(big, h.Term)
	}
	poles := [][]explorer.WeightedTerm{poleOf("w5"), poleOf("w6", "w10", "w2000"), poleOf(append([]string{"w100"}, big...)...)}
	for _, p := range poles {
		want, err := plain.Suggest(ctx, p, 40)
		if err != nil {
			t.Fatal(err)
		}
		got, err := withTable.Suggest(ctx, p, 40)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Fatalf("pole of %d terms: with the table %v\nby search %v", len(p), got, want)
		}
	}
	for _, w := range []string{"w6", "W6", "w1234", "w2999"} {
		for _, k := range []int{10, 50, 64, 200} {
			if got, want := mustNeighbours(t, withTable, w, k), mustNeighbours(t, plain, w, k); !reflect.DeepEqual(got, want) {
				t.Fatalf("neighbours of %s, k %d: with the table %v\nby search %v", w, k, got, want)
			}
		}
	}
}

func mustNeighbours(t *testing.T, s *Space, w string, k int) []explorer.Neighbour {
	t.Helper()
	n, err := s.Neighbours(context.Background(), w, k)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The table is stored in the file; a file whose table names a word
// outside the space or holds more candidates than its size is refused
// even with a correct checksum.
func TestNeighbourTableStored(t *testing.T) {
	ctx := context.Background()
	s := tableSpace(t)
	if err := s.ComputeNeighbours(ctx); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	back, err := ReadSpace(bytes.NewReader(raw), int64(len(raw)), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back.nbrs == nil || !bytes.Equal(back.nbrs.rec, s.nbrs.rec) {
		t.Fatal("the table was not read back")
	}
	p := poleOf("w6", "w10")
	want, _ := s.Suggest(ctx, p, 20)
	if got, _ := back.Suggest(ctx, p, 20); !reflect.DeepEqual(got, want) {
		t.Fatalf("read back: %v, want %v", got, want)
	}
	tableAt := len(raw) - 8 - len(s.nbrs.rec)
	last := tableAt + (s.Len()-1)*s.nbrs.stride()
	for name, damage := range map[string]func(b []byte){
		"id outside":   func(b []byte) { b[last+1], b[last+2], b[last+3] = 0xff, 0xff, 0x7f },
		"count over m": func(b []byte) { b[last] = byte(s.nbrs.m + 1) },
		"size m 0":     func(b []byte) { binary.LittleEndian.PutUint32(b[48:], 0) },
	} {
		bad := append([]byte(nil), raw...)
		damage(bad)
		binary.LittleEndian.PutUint32(bad[len(bad)-8:], crc32.Checksum(bad[:len(bad)-8], castagnoli))
		if _, err := ReadSpace(bytes.NewReader(bad), int64(len(bad)), LoadOptions{}); err == nil {
			t.Errorf("%s: the damaged file was read", name)
		}
	}
}
