package wordspace

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func readTextString(t *testing.T, s string) *Space {
	t.Helper()
	sp, err := ReadText(strings.NewReader(s), int64(len(s)), LoadOptions{Lang: "EN"})
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func checkVec(t *testing.T, s *Space, word string, want []float64) {
	t.Helper()
	id, ok := s.Lookup(word)
	if !ok {
		t.Fatalf("%q missing", word)
	}
	if s.Word(id) != word {
		t.Fatalf("lookup %q found %q", word, s.Word(id))
	}
	var ss float64
	for _, x := range want {
		ss += x * x
	}
	for j, x := range s.Vector(id) {
		if math.Abs(float64(x)-want[j]/math.Sqrt(ss)) > 1e-6 {
			t.Fatalf("%q = %v, want %v normalised", word, s.Vector(id), want)
		}
	}
}

func TestReadFastText(t *testing.T) {
	s := readTextString(t, "3 2\nthe 1 2 \nof -0.5 1e-3\r\nNew York 3 4\n")
	if s.Len() != 3 || s.Dim() != 2 {
		t.Fatalf("%d words × %d", s.Len(), s.Dim())
	}
	checkVec(t, s, "the", []float64{1, 2})
	checkVec(t, s, "of", []float64{-0.5, 0.001})
	checkVec(t, s, "New York", []float64{3, 4})
}

func TestReadGloVeTokensWithSpaces(t *testing.T) {
	// No header; the last D fields are the numbers; a token may contain
	// spaces, U+00A0, or itself look like a number.
	in := "the 0.1 0.2 0.3\n" +
		". . . 1 2 3\n" +
		"a\u00a0b 4 5 6\n" +
		"1990 7 8 9\n" +
		"Mr. Smith Jr 1.5 -2 +3\n"
	s := readTextString(t, in)
	if s.Len() != 5 || s.Dim() != 3 {
		t.Fatalf("%d words × %d", s.Len(), s.Dim())
	}
	checkVec(t, s, "the", []float64{0.1, 0.2, 0.3})
	checkVec(t, s, ". . .", []float64{1, 2, 3})
	checkVec(t, s, "a\u00a0b", []float64{4, 5, 6})
	checkVec(t, s, "1990", []float64{7, 8, 9})
	checkVec(t, s, "Mr. Smith Jr", []float64{1.5, -2, 3})
	if id, ok := s.Lookup("a b"); !ok || s.Word(id) != "a\u00a0b" {
		t.Error("U+00A0 does not fold to a space in lookups")
	}
}

func TestReadTextErrors(t *testing.T) {
	for name, in := range map[string]string{
		"empty":         "",
		"no numbers":    "hello world\n",
		"short line":    "2 3\na 1 2 3\nb 1 2\n",
		"bad number":    "2 2\na 1 2\nb 1 x\n",
		"huge dim":      "1 100000000\na 1\n",
		"missing word":  "1 2\n 1 2\n",
		"only a header": "0 3\n",
	} {
		if _, err := ReadText(strings.NewReader(in), int64(len(in)), LoadOptions{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestReadTextLineNumberInError(t *testing.T) {
	var b strings.Builder
	b.WriteString("20000 2\n")
	for i := 0; i < 20000; i++ {
		if i == 15000 {
			b.WriteString("bad 1 x\n")
			continue
		}
		b.WriteString("w" + strconv.Itoa(i) + " 1 2\n")
	}
	_, err := ReadText(strings.NewReader(b.String()), int64(b.Len()), LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "line 15002") {
		t.Fatalf("error %v, want one naming line 15002", err)
	}
}

func TestReadTextLargeParallelKeepsOrder(t *testing.T) {
	// Several blocks of 4 MiB, parsed in parallel, must keep file order.
	rng := rand.New(rand.NewPCG(1, 2))
	s := randomSpace(t, 30000, 50, 10, 3)
	var buf bytes.Buffer
	if err := WriteText(&buf, s); err != nil {
		t.Fatal(err)
	}
	if buf.Len() < 9<<20 {
		t.Fatalf("test input too small: %d", buf.Len())
	}
	back, err := ReadText(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != s.Len() {
		t.Fatalf("%d words back, want %d", back.Len(), s.Len())
	}
	for k := 0; k < 200; k++ {
		i := rng.IntN(s.Len())
		if back.Word(i) != s.Word(i) {
			t.Fatalf("word %d: %q, want %q", i, back.Word(i), s.Word(i))
		}
		for j, x := range back.Vector(i) {
			if math.Abs(float64(x-s.Vector(i)[j])) > 1e-6 {
				t.Fatalf("vector %d differs", i)
			}
		}
	}
}

func TestParseFloat32MatchesStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	inputs := []string{"0", "-0", "1", "-1.5", "+2.25", "0.000123", "123456789", "1e10", "1E-5", "-3.4e+2",
		".5", "5.", "12345678901234567890", "0.1234567890123456789012", "1e-40", "3.4028235e38", "inf", "NaN", "-Infinity"}
	for i := 0; i < 20000; i++ {
		x := rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
		inputs = append(inputs, strconv.FormatFloat(x, 'f', rng.IntN(9), 32), strconv.FormatFloat(x, 'g', -1, 32),
			strconv.FormatFloat(x, 'e', rng.IntN(8), 64))
	}
	for _, in := range inputs {
		got, ok := parseFloat32([]byte(in))
		want, err := strconv.ParseFloat(in, 32)
		if err != nil && !strings.Contains(err.Error(), "range") {
			if ok {
				t.Errorf("parseFloat32(%q) accepted what strconv rejects", in)
			}
			continue
		}
		if !ok {
			t.Errorf("parseFloat32(%q) rejected", in)
			continue
		}
		w := float32(want)
		if math.IsNaN(float64(w)) != math.IsNaN(float64(got)) || !math.IsNaN(float64(w)) && got != w &&
			math.Abs(float64(got-w)) > math.Abs(float64(w))*1.2e-7 {
			t.Errorf("parseFloat32(%q) = %v, want %v", in, got, w)
		}
	}
	for _, bad := range []string{"", "-", ".", "1e", "1.2.3", "0x10", "1,5", "--1", "e5"} {
		if _, ok := parseFloat32([]byte(bad)); ok {
			t.Errorf("parseFloat32(%q) accepted", bad)
		}
	}
}

func TestWord2VecRoundTrip(t *testing.T) {
	s := randomSpace(t, 500, 17, 5, 4)
	var buf bytes.Buffer
	if err := WriteWord2Vec(&buf, s); err != nil {
		t.Fatal(err)
	}
	if f := DetectFormat(buf.Bytes()[:min(buf.Len(), 1<<16)]); f != FormatWord2Vec {
		t.Fatalf("detected %s", f)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sameSpace(t, s, back, 1e-7)
}

func TestWord2VecWithoutNewlines(t *testing.T) {
	// Some writers put no newline after each vector.
	var buf bytes.Buffer
	buf.WriteString("2 2\n")
	for _, w := range []struct {
		word string
		v    [2]float32
	}{{"alpha", [2]float32{1, 0}}, {"beta", [2]float32{0, 2}}} {
		buf.WriteString(w.word + " ")
		binary.Write(&buf, binary.LittleEndian, w.v)
	}
	s, err := ReadWord2Vec(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkVec(t, s, "alpha", []float64{1, 0})
	checkVec(t, s, "beta", []float64{0, 1})
}

func TestWord2VecTruncated(t *testing.T) {
	in := "2 4\nabc \x00\x00\x80\x3f"
	if _, err := ReadWord2Vec(strings.NewReader(in), int64(len(in)), LoadOptions{}); err == nil {
		t.Fatal("truncated file accepted")
	}
}

func sameSpace(t *testing.T, a, b *Space, tol float64) {
	t.Helper()
	if a.Len() != b.Len() || a.Dim() != b.Dim() {
		t.Fatalf("%d×%d vs %d×%d", a.Len(), a.Dim(), b.Len(), b.Dim())
	}
	for i := 0; i < a.Len(); i++ {
		if a.Word(i) != b.Word(i) || a.Count(i) != b.Count(i) {
			t.Fatalf("word %d: %q/%d vs %q/%d", i, a.Word(i), a.Count(i), b.Word(i), b.Count(i))
		}
		for j, x := range a.Vector(i) {
			if math.Abs(float64(x-b.Vector(i)[j])) > tol {
				t.Fatalf("word %d dim %d: %v vs %v", i, j, x, b.Vector(i)[j])
			}
		}
	}
}

func TestOwnFormatRoundTrip(t *testing.T) {
	s := randomSpace(t, 1000, 33, 10, 7)
	counts := map[string]int64{}
	for i := 0; i < s.Len(); i++ {
		counts[s.Word(i)] = int64(i * 3)
	}
	s.SetCounts(counts)
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Lang() != "EN" || !back.HasCounts() {
		t.Fatalf("lang %q, counts %v", back.Lang(), back.HasCounts())
	}
	sameSpace(t, s, back, 1e-7)
}

// TestInt8IsGoodEnough measures the quantized form: cosines move by less
// than 0.01 and the top-10 neighbours stay (recall@10 ≥ 0.95).
func TestInt8IsGoodEnough(t *testing.T) {
	s := randomSpace(t, 5000, 300, 25, 8)
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{Int8: true}); err != nil {
		t.Fatal(err)
	}
	if want := int64(s.Len()) * int64(s.Dim()+4); int64(buf.Len()) > want+int64(s.Len())*12+200 {
		t.Fatalf("int8 file is %d bytes", buf.Len())
	}
	q, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sameSpace(t, s, q, 0.01)
	var queries [][]float32
	for i := 0; i < 100; i++ {
		queries = append(queries, s.Vector(i*37))
	}
	exact, _ := s.searchExact(t.Context(), queries, 11)
	approx, _ := q.searchExact(t.Context(), queries, 11)
	var found, total int
	for qi := range queries {
		want := map[int32]bool{}
		for _, h := range exact[qi] {
			want[h.id] = true
		}
		for _, h := range approx[qi] {
			if want[h.id] {
				found++
			}
		}
		total += len(exact[qi])
	}
	recall := float64(found) / float64(total)
	t.Logf("int8 recall@11 = %.3f", recall)
	if recall < 0.95 {
		t.Fatalf("int8 recall@11 = %.3f", recall)
	}
}

func TestOwnFormatDetectsDamage(t *testing.T) {
	s := randomSpace(t, 100, 8, 5, 9)
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	for _, pos := range []int{70, len(good) / 2, len(good) - 12} {
		bad := bytes.Clone(good)
		bad[pos] ^= 0x40
		if _, err := ReadSpace(bytes.NewReader(bad), int64(len(bad)), LoadOptions{}); err == nil {
			t.Errorf("flipped byte %d not detected", pos)
		}
	}
	if _, err := ReadSpace(bytes.NewReader(good[:len(good)-1]), int64(len(good)-1), LoadOptions{}); err == nil {
		t.Error("truncated file accepted")
	}
	v2 := bytes.Clone(good)
	v2[8] = 2
	if _, err := ReadSpace(bytes.NewReader(v2), int64(len(v2)), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("future version: %v", err)
	}
}

func TestOpenWithCompanionCounts(t *testing.T) {
	dir := t.TempDir()
	vec := filepath.Join(dir, "en.vec")
	os.WriteFile(vec, []byte("3 2\nthe 1 0\nNew York 0 1\ncat 1 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "en.counts"), []byte("the 1000\nNew York 7\nunknown 5\n"), 0o644)
	s, err := Open(vec, LoadOptions{Lang: "EN"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"the": 1000, "New York": 7, "cat": 0}
	for w, c := range want {
		id, _ := s.Lookup(w)
		if s.Count(id) != c {
			t.Errorf("count of %q = %d, want %d", w, s.Count(id), c)
		}
	}
	os.WriteFile(filepath.Join(dir, "en.counts"), []byte("the x\n"), 0o644)
	if _, err := Open(vec, LoadOptions{}); err == nil {
		t.Error("bad counts file accepted")
	}
}

func TestDetectFormat(t *testing.T) {
	for in, want := range map[string]string{
		"EXWSPACE\x01":              FormatOwn,
		"2 3\nthe 0.1 0.2 0.3\n":    FormatText,
		"the 0.1 0.2 0.3\n":         FormatText,
		"2 3\nthe \x01\x02\xff\x7f": FormatWord2Vec,
	} {
		if got := DetectFormat([]byte(in)); got != want {
			t.Errorf("DetectFormat(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestOwnFormatStoresTheIndex(t *testing.T) {
	s := randomSpace(t, 5000, 16, 25, 21)
	counts := map[string]int64{}
	for i := 0; i < s.Len(); i++ {
		counts[s.Word(i)] = int64(i)
	}
	s.SetCounts(counts)
	c, err := s.Clustered(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != s.Len() || !c.HasIndex() {
		t.Fatalf("clustered: %d words, index %v", c.Len(), c.HasIndex())
	}
	// Same words, vectors and counts, in another order.
	for i := 0; i < c.Len(); i++ {
		id, ok := s.Lookup(c.Word(i))
		if !ok || s.Count(id) != c.Count(i) || !slices.Equal(s.Vector(id), c.Vector(i)) {
			t.Fatalf("word %q differs", c.Word(i))
		}
	}
	for _, opt := range []WriteOptions{{}, {Int8: true}} {
		var buf bytes.Buffer
		if err := WriteSpace(&buf, c, opt); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSpace(bytes.NewReader(buf.Bytes()), int64(buf.Len()), LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !back.HasIndex() {
			t.Fatal("index not read back")
		}
		a, b := c.ivf.Load(), back.ivf.Load()
		if a.nprobe != b.nprobe || !slices.Equal(a.start, b.start) || !slices.Equal(a.centroids, b.centroids) || b.ids != nil {
			t.Fatal("index differs after the round trip")
		}
		queries := [][]float32{back.Vector(1), back.Vector(2000)}
		exact, _ := back.searchExact(t.Context(), queries, 20)
		approx, _ := back.search(t.Context(), queries, 20)
		if r := recall(exact, approx); r < 0.9 {
			t.Fatalf("recall %.3f after the round trip", r)
		}
	}
}
