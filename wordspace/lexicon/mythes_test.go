package lexicon

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// swedishDat returns the bytes of testdata/th_sv_SE.dat, a small
// generated MyThes thesaurus in ISO 8859-1: an antonym, a broader term and
// a saying among its terms, notes to strip (the wordspace tests read it
// too).
func swedishDat(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "th_sv_SE.dat"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadMythesCleansTerms(t *testing.T) {
	th, err := ReadMythes(bytes.NewReader(swedishDat(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var sets []string
	for i := range th.Synsets() {
		sets = append(sets, strings.Join(th.Synset(i), ","))
	}
	want := []string{"bra,god,utmärkt,prima,toppen", "bra,väl,fint", "god,bra,utmärkt,läcker", "utmärkt,förträfflig,prima", "dålig,usel,kass"}
	if !slices.Equal(sets, want) {
		t.Fatalf("synsets %q, want %q", sets, want)
	}
}

func TestReadMythesPassesOverAFewMalformedSenses(t *testing.T) {
	th, err := ReadMythes(strings.NewReader("UTF-8\nbra|2\ngod\n-|fin\n"), nil)
	if err != nil || th.Synsets() != 1 {
		t.Fatalf("%v", err)
	}
}

func TestReadMythesRejectsHostileInput(t *testing.T) {
	long := "UTF-8\nbra|1\n-|" + strings.Repeat("x", 70<<10) + "\n"
	many := "UTF-8\nbra|1\n-|" + strings.Repeat("a|", 3000) + "b\n"
	for name, c := range map[string]struct{ in, want string }{
		"empty":            {"", "empty file"},
		"unknown encoding": {"EBCDIC\nbra|1\n-|god\n", "encoding \"EBCDIC\" not supported"},
		"no entries":       {"UTF-8\n", "no entries"},
		"not an entry":     {"UTF-8\nbra\n-|god\n", "line 2: expected an entry"},
		"negative count":   {"UTF-8\nbra|-1\n", "line 2: expected an entry"},
		"too many senses":  {"UTF-8\nbra|99999\n-|god\n", "line 2: 99999 senses"},
		"ends inside":      {"UTF-8\nbra|3\n-|god\n", "file ends inside the entry \"bra\""},
		"senses without |": {"UTF-8\n" + strings.Repeat("bra|1\ngod\n", 101), "line 203: more than 100 senses without \"|\" (the first at line 3"},
		"invalid UTF-8":    {"UTF-8\nbra|1\n-|g\xffd\n", "line 3: not valid UTF-8"},
		"long line":        {long, "line 3: longer than 64 KiB"},
		"too many terms":   {many, "line 3: 3001 terms"},
	} {
		_, err := ReadMythes(strings.NewReader(c.in), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func TestReadThesaurusBoundsUncompressedSize(t *testing.T) {
	old := thesaurusLimit
	thesaurusLimit = 1 << 20
	t.Cleanup(func() { thesaurusLimit = old })
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("UTF-8\n"))
	line := []byte("bra|1\n-|god|fin\n")
	for i := 0; i < (2<<20)/len(line); i++ {
		zw.Write(line)
	}
	zw.Close()
	_, err := ReadThesaurus(bytes.NewReader(buf.Bytes()))
	if err == nil || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Fatalf("%d compressed bytes: %v", buf.Len(), err)
	}
}
