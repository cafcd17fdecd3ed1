package wordspace

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"explorer"
)

// The large benchmarks run on a generated space of benchWords × benchDim
// (1,000,000 × 300; EXPLORER_BENCH_WORDS overrides the word count). The
// files are written once per run to a temporary folder and removed at the
// end. They are skipped with -short.
const benchDim = 300

var (
	benchOnce  sync.Once
	benchDir   string
	benchErr   error
	benchWords = 1_000_000
)

func TestMain(m *testing.M) {
	if v, err := strconv.Atoi(os.Getenv("EXPLORER_BENCH_WORDS")); err == nil && v > 0 {
		benchWords = v
	}
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// benchFiles writes the generated space as .vec and in the own format.
func benchFiles(b *testing.B) (vec, own string) {
	if testing.Short() {
		b.Skip("large benchmark skipped with -short")
	}
	benchOnce.Do(func() {
		benchDir, benchErr = os.MkdirTemp("", "wordspace-bench-")
		if benchErr != nil {
			return
		}
		benchErr = writeBenchFiles(filepath.Join(benchDir, "big.vec"), filepath.Join(benchDir, "big.wordspace"))
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return filepath.Join(benchDir, "big.vec"), filepath.Join(benchDir, "big.wordspace")
}

// writeBenchFiles streams the generated rows to both files without
// holding the space in memory.
func writeBenchFiles(vecPath, ownPath string) error {
	gen := newClusteredGen(benchWords, benchDim, 50, 2024)
	vf, err := os.Create(vecPath)
	if err != nil {
		return err
	}
	defer vf.Close()
	vw := bufio.NewWriterSize(vf, 1<<20)
	vw.WriteString(strconv.Itoa(benchWords) + " " + strconv.Itoa(benchDim) + "\n")
	// The own format wants the vocabulary first: the words are "w<i>".
	var text bytes.Buffer
	offs := make([]uint32, benchWords+1)
	for i := 0; i < benchWords; i++ {
		text.WriteString("w" + strconv.Itoa(i))
		offs[i+1] = uint32(text.Len())
	}
	s := &Space{lang: "XX", dim: benchDim, text: text.String(), offs: offs}
	of, err := os.Create(ownPath)
	if err != nil {
		return err
	}
	defer of.Close()
	ow := bufio.NewWriterSize(of, 1<<20)
	rows := make(chan []float32, 64)
	done := make(chan error, 1)
	go func() { done <- streamOwn(ow, s, rows) }()
	var line []byte
	for i := 0; i < benchWords; i++ {
		v := gen.next()
		normalize(v)
		line = append(line[:0], s.Word(i)...)
		for _, x := range v {
			line = append(line, ' ')
			line = strconv.AppendFloat(line, float64(x), 'f', 5, 32)
		}
		line = append(line, '\n')
		vw.Write(line)
		rows <- v
	}
	close(rows)
	if err := <-done; err != nil {
		return err
	}
	if err := ow.Flush(); err != nil {
		return err
	}
	return vw.Flush()
}

// streamOwn writes s (whose float32 vectors come from rows) in the own
// format.
func streamOwn(w *bufio.Writer, s *Space, rows <-chan []float32) error {
	crc := newCRC()
	prefix := ownPrefix(s, dtypeFloat32)
	crc.Write(prefix)
	w.Write(prefix)
	raw := make([]byte, s.dim*4)
	n := 0
	for r := range rows {
		encodeFloat32s(raw, r)
		crc.Write(raw)
		w.Write(raw)
		n++
	}
	if n != s.Len() {
		return os.ErrInvalid
	}
	_, err := w.Write(trailer(crc.Sum32()))
	return err
}

func BenchmarkParseVec(b *testing.B) {
	vec, _ := benchFiles(b)
	st, _ := os.Stat(vec)
	b.SetBytes(st.Size())
	runtime.GC()
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(vec, LoadOptions{Lang: "XX"})
		if err != nil {
			b.Fatal(err)
		}
		if s.Len() != benchWords {
			b.Fatalf("%d words", s.Len())
		}
	}
	b.StopTimer()
	cpu := (cpuTime() - c0).Seconds() / float64(b.N)
	b.ReportMetric(cpu, "cpu-s/op")
	// Throughput if the two cores were this process's alone.
	b.ReportMetric(float64(st.Size())/1e6/(cpu/float64(workers())), "MB/s-at-full-cores")
}

func BenchmarkOpen(b *testing.B) {
	_, own := benchFiles(b)
	st, _ := os.Stat(own)
	b.SetBytes(st.Size())
	var ratio float64
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		runtime.GC()
		debug.FreeOSMemory()
		before := rss()
		b.StartTimer()
		s, err := Open(own, LoadOptions{Lang: "XX"})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		after := rss()
		ratio = float64(after) / float64(s.VectorBytes())
		b.ReportMetric(float64(after-before)/float64(s.VectorBytes()), "growth/vector-bytes")
		runtime.KeepAlive(s)
		b.StartTimer()
	}
	b.ReportMetric(ratio, "rss/vector-bytes")
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the user and system CPU time this process used so far. The
// benchmarks report it beside wall time: on a shared machine the wall time
// depends on the other load, the CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// rss reads the resident set size of this process.
func rss() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.Sys)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			f := strings.Fields(l)
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

var (
	bigOnce  sync.Once
	bigSpace *Space
)

// openBig opens the large space in the own format with its approximate
// index stored (as "explorer wordspace import" writes it): the index is
// built once from the generated file, written, and the file opened again.
func openBig(b *testing.B) *Space {
	_, own := benchFiles(b)
	bigOnce.Do(func() {
		indexed := filepath.Join(benchDir, "big-indexed.wordspace")
		s, err := Open(own, LoadOptions{Lang: "XX"})
		if err != nil {
			b.Fatal(err)
		}
		t := time.Now()
		c0 := cpuTime()
		c, err := s.Clustered(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		probes, r, err := c.TuneProbes(context.Background(), ServedRecall, 200, NeighbourK)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("approximate index of %d cells built and tuned as served in %v (%v CPU): %d probes, recall %.4f on the tuning sample", c.ivf.Load().cells(), time.Since(t), cpuTime()-c0, probes, r)
		s = nil
		f, err := os.Create(indexed)
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteSpace(f, c, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
		f.Close()
		c = nil
		runtime.GC()
		debug.FreeOSMemory()
		t = time.Now()
		bigSpace, err = Open(indexed, LoadOptions{Lang: "XX"})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("opened with its index in %v", time.Since(t))
	})
	if bigSpace == nil {
		b.Fatal("large space not available")
	}
	return bigSpace
}

// BenchmarkServedRecall measures the recall of a served space's index as
// suggestions use it (the first K of a search for rawK(K) against the
// exact first K) on the file EXPLORER_RECALL_SPACE names, such as the
// conversion make bench-serve keeps: for 200 words spread over the space
// (other than the 200 its probes were tuned on) and for the terms of 8
// poles of 20 related words. It times the searches too.
func BenchmarkServedRecall(b *testing.B) {
	path := os.Getenv("EXPLORER_RECALL_SPACE")
	if path == "" {
		b.Skip("EXPLORER_RECALL_SPACE names no space file")
	}
	s, err := Open(path, LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var words, poles [][]float32
	for i := 0; i < 200; i++ {
		words = append(words, s.Vector(i*(s.Len()/200)+s.Len()/400+1))
	}
	for i := 0; i < 8; i++ {
		for _, t := range pole20(b, s, i*s.Len()/8+7) {
			v, _, _ := s.TermVector(t.Term)
			poles = append(poles, v)
		}
	}
	b.ResetTimer()
	for _, set := range []struct {
		name string
		qs   [][]float32
	}{{"words", words}, {"pole-terms", poles}} {
		exact, err := s.searchExact(ctx, set.qs, NeighbourK)
		if err != nil {
			b.Fatal(err)
		}
		t := time.Now()
		approx, _ := s.search(ctx, set.qs, rawK(NeighbourK))
		b.Logf("%s: %d queries in %v, %d probes of %d cells", set.name, len(set.qs), time.Since(t), s.Probes(), s.ivf.Load().cells())
		b.ReportMetric(recall(exact, firstK(approx, NeighbourK)), "recall-"+set.name)
	}
}

// pole20 picks a 20-term pole of related words: one word and 19 of its
// nearest neighbours.
func pole20(b *testing.B, s *Space, seed int) []explorer.WeightedTerm {
	hits, err := s.searchExact(context.Background(), [][]float32{s.Vector(seed)}, 20)
	if err != nil {
		b.Fatal(err)
	}
	var pole []explorer.WeightedTerm
	for _, h := range hits[0] {
		pole = append(pole, explorer.WeightedTerm{Term: s.Word(int(h.id)), Weight: 1})
	}
	return pole
}

func benchSuggest(b *testing.B, s *Space) {
	ctx := context.Background()
	poles := make([][]explorer.WeightedTerm, 8)
	for i := range poles {
		poles[i] = pole20(b, s, i*s.Len()/len(poles)+1)
	}
	// At least 31 samples for the median, even with -benchtime 1x.
	samples := max(b.N, 31)
	var times []time.Duration
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < samples; i++ {
		t := time.Now()
		got, err := s.Suggest(ctx, poles[i%len(poles)], 20)
		if err != nil {
			b.Fatal(err)
		}
		if len(got) != 20 {
			b.Fatalf("%d suggestions", len(got))
		}
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(samples), "cpu-ms/op")
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
}

// BenchmarkSuggest20 times a suggestion for a 20-term pole on the large
// space with its approximate index tuned as a served conversion is, and
// reports the index's recall as suggestions use it: the first K of a
// search for rawK(K), against the exact first K, for those poles' terms.
func BenchmarkSuggest20(b *testing.B) {
	s := openBig(b)
	var queries [][]float32
	for i := 0; i < 8; i++ {
		for _, t := range pole20(b, s, i*s.Len()/8+1) {
			v, _, _ := s.TermVector(t.Term)
			queries = append(queries, v)
		}
	}
	ctx := context.Background()
	exact, _ := s.searchExact(ctx, queries, NeighbourK)
	ix := s.ivf.Load()
	probe := ix.nprobe
	for _, np := range []int{probe / 2, probe, probe * 2} {
		ix.nprobe = max(1, np)
		t := time.Now()
		approx, _ := s.search(ctx, queries, rawK(NeighbourK))
		b.Logf("nprobe %d of %d cells: recall %.4f, %v for %d queries", np, ix.cells(), recall(exact, firstK(approx, NeighbourK)), time.Since(t), len(queries))
	}
	ix.nprobe = probe
	approx, _ := s.search(ctx, queries, rawK(NeighbourK))
	benchSuggest(b, s)
	b.ReportMetric(recall(exact, firstK(approx, NeighbourK)), "recall")
}

// firstK cuts every list of hits to its first k.
func firstK(hits [][]hit, k int) [][]hit {
	out := make([][]hit, len(hits))
	for i, h := range hits {
		out[i] = h[:min(k, len(h))]
	}
	return out
}

// BenchmarkSuggest20Exact is the same without the approximate index.
func BenchmarkSuggest20Exact(b *testing.B) {
	s := openBig(b)
	ix := s.ivf.Load()
	s.DropIndex()
	defer s.ivf.Store(ix)
	benchSuggest(b, s)
}

// BenchmarkSuggestDefault times the pole {good, great, excellent} on the
// embedded English space.
func BenchmarkSuggestDefault(b *testing.B) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: "great", Weight: 1}, {Term: "excellent", Weight: 1}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Suggest(context.Background(), pole, 20); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpenDefault(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := DefaultEnglish(LoadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSuggestDefault20 times a 20-term pole on the embedded English
// space and reports the CPU per suggestion (goal: 5 CPU-ms).
func BenchmarkSuggestDefault20(b *testing.B) {
	s, err := DefaultEnglish(LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var pole []explorer.WeightedTerm
	for _, w := range strings.Fields("good great excellent nice wonderful happy pleasant friendly helpful quick easy clean cheap reliable fast comfortable tasty fresh polite beautiful") {
		pole = append(pole, explorer.WeightedTerm{Term: w, Weight: 1})
	}
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Suggest(context.Background(), pole, 20); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
