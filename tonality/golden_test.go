package tonality

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The golden tests pin Analyze, Mention, Negated and Learner byte for byte:
// testdata/golden.txt holds a digest of every result on made-up texts in
// every language (and testdata/golden_long.txt on the first lines of a
// corpus of long texts, when present), recorded before the speed work.
// Rewrite them with TONALITY_GOLDEN_WRITE=1 only when a change of results
// is meant.

// longCorpus is a file of long texts, one a line (Debian package
// descriptions); the tests and benchmarks reading it skip when it is absent.
func longCorpus() string {
	if p := os.Getenv("TONALITY_LONG_CORPUS"); p != "" {
		return p
	}
	return "/tmp/explorer-bench-explore/en.txt"
}

// readLines reads the first n lines of a file (nil when it is absent).
func readLines(path string, n int) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var out []string
	for len(out) < n && sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// sampleStride is 1, or under -race (unless the digests are being
// written) 8: the pure-computation tests (golden digests, the ASCII fast
// paths against the general ones) then check one item in eight, a
// deterministic sample. The race detector has nothing to find in them and
// multiplies their cost by five; make test runs this package whole
// without -race as well (test-norace), so every item is still checked.
func sampleStride() int {
	if raceEnabled && os.Getenv("TONALITY_GOLDEN_WRITE") == "" {
		return 8
	}
	return 1
}

// sampled keeps one element of xs in stride, from the first.
func sampled[T any](xs []T, stride int) []T {
	if stride <= 1 {
		return xs
	}
	out := make([]T, 0, (len(xs)+stride-1)/stride)
	for i := 0; i < len(xs); i += stride {
		out = append(out, xs[i])
	}
	return out
}

// rng is a small deterministic generator (no dependence on math/rand's
// versions).
type rng uint64

func (r *rng) next() uint64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	x := uint64(*r)
	x ^= x >> 33
	return x
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// vocabulary returns the words made-up texts of a language draw from: its
// rule words, phrase words, lexicon words and stems (with endings),
// supplement words and fillers, each several ways written.
func vocabulary(a *Analyzer) []string {
	var ws []string
	rt := ruleTexts[a.lang]
	for _, s := range []string{rt.neg, rt.intens, rt.dim, rt.but, rt.though, rt.conj, rt.than, rt.compar, rt.notOnly, rt.too, rt.lessThan, rt.muchThan, rt.unreal} {
		for _, w := range strings.Fields(s) {
			ws = append(ws, strings.Fields(strings.ReplaceAll(w, "_", " "))...)
		}
	}
	for _, f := range strings.Split(phraseTexts[a.lang], "|") {
		if i := strings.LastIndexByte(f, ':'); i > 0 {
			ws = append(ws, strings.Fields(strings.TrimPrefix(f[:i], "^"))...)
		}
	}
	for _, f := range strings.Fields(supplements[a.lang]) {
		w, _, _ := strings.Cut(f, ":")
		ws = append(ws, w)
	}
	keys := func(m map[string]float64) []string {
		out := make([]string, 0, len(m))
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	lw := keys(a.lex.words)
	for i := 0; i < len(lw); i += max(1, len(lw)/400) {
		ws = append(ws, lw[i])
	}
	st := keys(a.lex.stems)
	ends := []string{"", "e", "en", "ung", "lich", "s", "ed", "ing", "ité", "ösen", "ness"}
	for i, j := 0, 0; i < len(st); i, j = i+max(1, len(st)/200), j+1 {
		ws = append(ws, st[i]+ends[j%len(ends)])
	}
	ws = append(ws, "the", "food", "service", "it", "was", "is", "we", "room", "staff", "battery", "screen",
		"package", "library", "Java", "GNU", "3.14", "x86_64", "2h", "café", "naïve", "Übermäßig", "don’t",
		"can’t", "l'eau", "e-mail", "top-notch", "self-contained", "U.S.A.", "e.g.", "http://example.org/a_b",
		"user@example.com", "ÉTÉ", "İstanbul", "ß", "ﬁne", "日本語", "Привет", "😍", "👍🏽", "❤️", "🙁")
	return ws
}

// seps are what made-up texts put between words.
var seps = []string{" ", " ", " ", " ", " ", " ", ", ", ". ", "! ", "? ", "; ", " - ", " – ", "\n", "…", " :) ",
	" :-( ", " :D", " \"", "\" ", " (", ") ", "-", "'", "!!! ", " : ", "  ", "\t", " ;) ", " =) ", " / ", " & "}

// madeUp returns n deterministic made-up texts of a language.
func madeUp(a *Analyzer, n int, seed uint64) []string {
	ws := vocabulary(a)
	r := rng(seed)
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		words := 1 + r.intn(30)
		if r.intn(10) == 0 {
			words += 100 + r.intn(200) // long texts too
		}
		for k := 0; k < words; k++ {
			w := ws[r.intn(len(ws))]
			switch r.intn(12) {
			case 0:
				w = strings.ToUpper(w)
			case 1:
				if w != "" {
					w = strings.ToUpper(w[:1]) + w[1:]
				}
			}
			b.WriteString(w)
			if r.intn(3) == 0 {
				b.WriteString(seps[r.intn(len(seps))])
			} else {
				b.WriteByte(' ')
			}
		}
		out[i] = b.String()
	}
	return out
}

// dump writes every result of Analyze on text, with Mention and Negated
// at every byte offset of a word start and at a few others.
func dump(b *strings.Builder, a *Analyzer, text string) {
	t := a.Analyze(text)
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	fmt.Fprintf(b, "S%s L%s n%d\n", f(t.Score), t.Label, t.size)
	for i, c := range t.Clauses {
		in := t.info[i]
		fmt.Fprintf(b, "C%d-%d %s s%d o%v l%v w%s\n", c.Start, c.End, f(c.Score), in.sentence, in.opinions, in.learned, f(in.weight))
	}
	for _, o := range t.Opinions {
		fmt.Fprintf(b, "O%d-%d %s\n", o.Start, o.End, f(o.Polarity))
	}
	for _, s := range t.negated {
		fmt.Fprintf(b, "N%d-%d\n", s.start, s.end)
	}
	var starts []int
	for off := -1; off <= len(text); off++ {
		if off <= 0 || off == len(text) || text[off-1] == ' ' || off%7 == 0 {
			m, ok := t.Mention([]int{off})
			fmt.Fprintf(b, "M%d %s %v %v\n", off, f(m), ok, t.Negated(off))
			if off%3 == 0 {
				starts = append(starts, off)
			}
		}
	}
	m, ok := t.Mention(starts)
	fmt.Fprintf(b, "MM %s %v\n", f(m), ok)
}

// learnedDump writes the words a learner learned from texts.
func learnedDump(b *strings.Builder, a *Analyzer, texts []string) {
	l := a.Learner()
	for _, s := range texts {
		l.Add(s)
	}
	fmt.Fprintf(b, "P%d N%d W%d\n", l.pos, l.neg, len(l.words))
	ws := make([]string, 0, len(l.words))
	for w := range l.words {
		ws = append(ws, w)
	}
	sort.Strings(ws)
	for _, w := range ws {
		fmt.Fprintf(b, "%s %d %d\n", w, l.words[w][0], l.words[w][1])
	}
	learned := l.Analyzer().Learned()
	ws = ws[:0]
	for w := range learned {
		ws = append(ws, w)
	}
	sort.Strings(ws)
	for _, w := range ws {
		fmt.Fprintf(b, "%s %s\n", w, strconv.FormatFloat(learned[w], 'g', -1, 64))
	}
	// The adapted analyzer on the same texts.
	ad := l.Analyzer()
	for _, s := range texts[:min(len(texts), 300)] {
		dump(b, ad, s)
	}
}

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// checkGolden compares "key digest" lines with a testdata file (or writes
// it with TONALITY_GOLDEN_WRITE=1).
func checkGolden(t *testing.T, name string, keys []string, got map[string]string, texts map[string]string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("TONALITY_GOLDEN_WRITE") != "" {
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %s\n", k, got[k])
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		k, v, _ := strings.Cut(line, " ")
		want[k] = v
	}
	bad := 0
	for _, k := range keys {
		if want[k] != got[k] {
			bad++
			if bad <= 10 {
				t.Errorf("%s: digest %s, want %s; text %q", k, got[k], want[k], texts[k])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results changed", bad, len(keys))
	}
}

// goldenSeeds are the seeds of the made-up texts of the first eighteen
// languages: their place in Languages() when the digests were recorded.
var goldenSeeds = func() map[string]uint64 {
	m := map[string]uint64{}
	for i, l := range strings.Fields("AR DA DE EN ES FI FR HU IT NL NO PL PT RU SK SV TR UK") {
		m[l] = uint64(i + 1)
	}
	return m
}()

// goldenSeed is the seed of a language's made-up texts: the recorded one,
// else 100 + its place in Languages().
func goldenSeed(lang string, i int) uint64 {
	if s, ok := goldenSeeds[lang]; ok {
		return s
	}
	return uint64(100 + i)
}

// TestGolden: the results on 2,000 made-up English texts and 150 in every
// other language, and what a Learner learns from them, are unchanged
// (under -race one text in sampleStride, without learning and overrides).
func TestGolden(t *testing.T) {
	var keys []string
	got, texts := map[string]string{}, map[string]string{}
	stride := sampleStride()
	for li, lang := range Languages() {
		a := analyzer(t, lang)
		n := 150
		if lang == "EN" {
			n = 2000
		}
		ts := madeUp(a, n, goldenSeed(lang, li))
		for i, s := range ts {
			if i%stride != 0 {
				continue
			}
			var b strings.Builder
			dump(&b, a, s)
			k := fmt.Sprintf("%s/%d", lang, i)
			keys = append(keys, k)
			got[k], texts[k] = digest(b.String()), s
		}
		if stride > 1 {
			continue // learning and overrides: their digests take every text
		}
		var b strings.Builder
		learnedDump(&b, a, ts)
		k := lang + "/learned"
		keys = append(keys, k)
		got[k] = digest(b.String())
		// With overrides.
		o := a.WithOverrides(map[string]float64{ts[0][:min(len(ts[0]), 4)]: 0.5, "good": 0, "food": -0.3})
		b.Reset()
		for _, s := range ts[:100] {
			dump(&b, o, s)
		}
		k = lang + "/overrides"
		keys = append(keys, k)
		got[k] = digest(b.String())
	}
	checkGolden(t, "golden.txt", keys, got, texts)
}

// TestGoldenLong: the results on the first 2,000 long texts of the corpus
// (one digest each), on its first 100,000 (one digest) and what a Learner
// learns from those, are unchanged (under -race one in sampleStride of the
// first 2,000 digests). Skipped when the corpus is absent.
func TestGoldenLong(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	lines := readLines(longCorpus(), 100_000)
	if len(lines) < 100_000 {
		t.Skip("no long corpus at " + longCorpus())
	}
	skipOtherCorpus(t, "golden_long.txt", lines)
	a := analyzer(t, "EN")
	var keys []string
	got, texts := map[string]string{}, map[string]string{}
	if stride := sampleStride(); stride > 1 {
		// Under -race: a sample of the first 2,000 lines' digests.
		for i := 0; i < 2000; i += stride {
			var b strings.Builder
			dump(&b, a, lines[i])
			k := fmt.Sprintf("line/%d", i)
			keys = append(keys, k)
			got[k], texts[k] = digest(b.String()), lines[i]
		}
		checkGolden(t, "golden_long.txt", keys, got, texts)
		return
	}
	all := sha256.New()
	for i, s := range lines {
		var b strings.Builder
		dump(&b, a, s)
		all.Write([]byte(b.String()))
		if i < 2000 {
			k := fmt.Sprintf("line/%d", i)
			keys = append(keys, k)
			got[k], texts[k] = digest(b.String()), s
		}
	}
	keys = append(keys, "corpus", "all")
	got["corpus"] = corpusDigest(lines)
	got["all"] = hex.EncodeToString(all.Sum(nil)[:8])
	var b strings.Builder
	learnedDump(&b, a, lines)
	keys = append(keys, "learned")
	got["learned"] = digest(b.String())
	checkGolden(t, "golden_long.txt", keys, got, texts)
}

// corpusDigest identifies the long corpus's lines: Debian's descriptions
// change with its package lists, and the golden digests hold for the
// snapshot they were made from.
func corpusDigest(lines []string) string {
	h := sha256.New()
	for _, s := range lines {
		h.Write([]byte(s))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// skipOtherCorpus skips the test when the golden file was made from
// another snapshot of the long corpus (its "corpus" line).
func skipOtherCorpus(t *testing.T, name string, lines []string) {
	t.Helper()
	if os.Getenv("TONALITY_GOLDEN_WRITE") != "" {
		return
	}
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, _ := strings.Cut(line, " "); k == "corpus" && v != corpusDigest(lines) {
			t.Skipf("the long corpus is another snapshot (digest %s, the golden's %s): make it with TONALITY_GOLDEN_WRITE=1", corpusDigest(lines), v)
		}
	}
}

// BenchmarkAnalyzeLong measures Analyze and one Mention on long texts:
// the corpus's first 100,000 lines (Debian package descriptions) when
// present, else made-up texts.
func BenchmarkAnalyzeLong(b *testing.B) {
	a, _ := For("EN")
	lines := longTexts(a)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := a.Analyze(lines[i%len(lines)])
		t.Mention([]int{4})
	}
}

// BenchmarkLearnerAddLong measures Learner.Add on long texts.
func BenchmarkLearnerAddLong(b *testing.B) {
	a, _ := For("EN")
	lines := longTexts(a)
	l := a.Learner()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l.Add(lines[i%len(lines)])
	}
}

func longTexts(a *Analyzer) []string {
	if lines := readLines(longCorpus(), 100_000); len(lines) > 0 {
		return lines
	}
	return madeUp(a, 10_000, 99)
}
