// Command langdetect makes the language detector's profiles and compares
// the detector with lingua-go, the detector it replaced. It is a module of
// its own so that the product's go.mod does not carry lingua-go.
//
//	go run . gen [-k 3000] [-miss 1] OUT     write package language's profiles
//	go run . bench [-dev] [-root DIR]          the comparison table
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"explorer/language"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: langdetect gen|bench ...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		fs := flag.NewFlagSet("gen", flag.ExitOnError)
		k := fs.Int("k", 3000, "trigrams kept per language")
		miss := fs.Float64("miss", 1, "cost of a lacking trigram beyond the dearest kept, in nats")
		fs.Parse(os.Args[2:])
		if fs.NArg() != 1 {
			err = fmt.Errorf("gen: OUT expected")
			break
		}
		err = genProfiles(fs.Arg(0), *k, *miss)
	case "bench":
		fs := flag.NewFlagSet("bench", flag.ExitOnError)
		dev := fs.Bool("dev", false, "measure on the development half (for choosing thresholds)")
		root := fs.String("root", "/usr/share/locale", "folder of the gettext catalogs")
		onlyOwn := fs.Bool("own", false, "measure package language's detector only")
		fs.Parse(os.Args[2:])
		err = bench(*root, *dev, *onlyOwn)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "langdetect:", err)
		os.Exit(1)
	}
}

type detectFunc func([]string) (string, bool)

// result counts one detector's answers on one kind of input.
type result struct {
	right, wrong, total int
	took                time.Duration
}

func (r *result) add(o result) {
	r.right += o.right
	r.wrong += o.wrong
	r.total += o.total
	r.took += o.took
}

func run(d detectFunc, want string, inputs [][]string) result {
	var r result
	began := time.Now()
	for _, in := range inputs {
		got, ok := d(in)
		if ok {
			got, _ = language.Canonical(got)
		}
		switch {
		case ok && got == want:
			r.right++
		case ok:
			r.wrong++
		}
		r.total++
	}
	r.took = time.Since(began)
	return r
}

func bench(root string, dev, onlyOwn bool) error {
	msgs, err := messages(root, dev)
	if err != nil {
		return err
	}
	dets := []struct {
		name string
		f    detectFunc
	}{{"lingua-go 1.4.0 (low accuracy)", linguaDetect}, {"profiles (package language)", language.Detect}}
	if onlyOwn {
		dets = dets[1:]
	}
	kinds := []string{"columns of 100 texts", "single texts of 5–20 words", "term lists of 20 words"}
	half := map[bool]string{true: "development", false: "test"}[dev]
	fmt.Printf("Test set: gettext catalogs under %s, %s half; accuracy = right answers / inputs (no answer counts as not right), wrong = confident wrong answers.\n\n", root, half)
	for di, d := range dets {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		fmt.Printf("### %s\n\n| kind | %s | all | wrong | ms/input |\n|---|%s---|---|---|\n",
			d.name, strings.Join(codes(), " | "), strings.Repeat("---|", len(testLangs)))
		for ki, kind := range kinds {
			var all result
			row := "| " + kind + " |"
			for li, tl := range testLangs {
				c := makeCases(msgs[tl.code], uint64(li+1), 20, 400, 200)
				in := [][][]string{c.columns, c.texts, c.terms}[ki]
				r := run(d.f, tl.code, in)
				all.add(r)
				row += fmt.Sprintf(" %.1f |", pct(r.right, r.total))
			}
			fmt.Printf("%s **%.2f** | %.2f | %.3f |\n", row, pct(all.right, all.total), pct(all.wrong, all.total),
				float64(all.took.Microseconds())/1000/float64(all.total))
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		fmt.Printf("\nheap after the runs: %.1f MiB (detector %d)\n\n", float64(after.HeapAlloc)/(1<<20), di)
	}
	return nil
}

func codes() []string {
	var out []string
	for _, tl := range testLangs {
		out = append(out, tl.code)
	}
	return out
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
