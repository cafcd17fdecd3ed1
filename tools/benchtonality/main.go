// Command benchtonality measures explorer/tonality on annotated aspect
// opinions (SemEval ABSA and MAMS XML files in a directory) beside VADER's
// sentence score, and prints a Markdown table (make bench-tonality).
//
// For every positive or negative annotated opinion it takes the sign of
// Text.Mention at the target's first character (the whole text's Score
// for a sentence-level NULL target); a zero score or no answer is wrong.
// VADER's answer is the sign of the compound score of the whole sentence.
// Per aspect category (or term when there is none) with at least 20
// opinions it compares the predicted and annotated positive shares.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/jonreiter/govader"

	"explorer/tonality"
)

// dataset is an annotated file the bench knows.
type dataset struct {
	file, name, lang string
	tuning           bool // tuned on; the others are held out
	categories       bool // the sentence-level aspect categories (readPairs)
}

// datasets are the files looked for in the data directory. Only
// SemEval-2014 was used for tuning.
var datasets = []dataset{
	{"Restaurants_Train_v2.xml", "SemEval-2014 restaurants (train)", "EN", true, false},
	{"Restaurants_Train_v2.xml", "SemEval-2014 restaurants categories (train)", "EN", true, true},
	{"Laptop_Train_v2.xml", "SemEval-2014 laptops (train)", "EN", true, false},
	{"ABSA15_Hotels_Test.xml", "SemEval-2015 hotels (test)", "EN", false, false},
	{"MAMS_ATSA_test.xml", "MAMS ATSA restaurants (test)", "EN", false, false},
	{"ABSA16_Restaurants_Train_SB1_v2.xml", "SemEval-2016 restaurants (train)", "EN", false, false},
	{"EN_REST_SB1_TEST.xml.gold", "SemEval-2016 restaurants (test)", "EN", false, false},
	{"ABSA16_Laptops_Train_SB1_v2.xml", "SemEval-2016 laptops (train)", "EN", false, false},
	{"restaurants_dutch_training.xml", "SemEval-2016 restaurants (train)", "NL", false, false},
	{"DU_REST_SB1_TEST.xml.gold", "SemEval-2016 restaurants (test)", "NL", false, false},
	{"SP_REST_SB1_TEST.xml.gold", "SemEval-2016 restaurants (test)", "ES", false, false},
	{"ABSA16FR_Restaurants_Gold-withcontent.xml", "SemEval-2016 restaurants (test)", "FR", false, false},
	{"RU_REST_SB1_TEST.xml.gold", "SemEval-2016 restaurants (test)", "RU", false, false},
	{"TU_REST_SB1_TEST.xml.gold", "SemEval-2016 restaurants (test)", "TR", false, false},
}

func main() {
	dir := flag.String("data", "../tonality-data", "the directory of the annotated XML files")
	errs := flag.Int("errors", 0, "print up to this many mention errors of the tuning data")
	tuningOnly := flag.Bool("tuning", false, "measure the tuning data only (while tuning, so held-out scores stay unseen)")
	dev := flag.Bool("dev", false, "with -tuning: measure each tuning file's fit part (3/4 of its sentences) and dev part (1/4) apart")
	adapt := flag.Bool("adapt", true, "adapt the analyzer to each file's texts (Analyzer.Adapt, no labels) before measuring")
	explainText := flag.String("explain", "", "print the clauses and opinions of this English text and stop")
	words := flag.String("words", "", "a word list (word<TAB>valence, gzipped or not) given to the English analyzer as overrides: to try induced words on the tuning files before they are generated")
	flag.Parse()
	if *words != "" {
		m, err := readWords(*words)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtonality:", err)
			os.Exit(1)
		}
		extraEN = m
	}
	if *explainText != "" {
		explain(os.Stdout, *explainText)
		return
	}
	if err := run(os.Stdout, *dir, *errs, *tuningOnly || *dev, *adapt, *dev); err != nil {
		fmt.Fprintln(os.Stderr, "benchtonality:", err)
		os.Exit(1)
	}
}

// run measures every dataset found in dir and writes the table to w.
// With tuningOnly the held-out files are skipped; with dev each tuning
// file gives two rows, its fit and dev parts (devPart).
// With adapt the analyzer first learns from the file's texts (Adapt);
// the table gives the accuracy before and after.
func run(w io.Writer, dir string, errs int, tuningOnly, adapt, dev bool) error {
	vader := govader.NewSentimentIntensityAnalyzer()
	measured := map[string]bool{}
	fmt.Fprintf(w, "| Data | Lang | Use | Opinions | Mention accuracy | Adapted | VADER sentence accuracy | Categories (≥%d) | Within %.2f | Share diff max | Share diff mean | Within by chance | Accuracy for even odds |\n", minCategory, shareGoal)
	fmt.Fprintln(w, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var held heldOut
	for _, d := range datasets {
		if tuningOnly && !d.tuning {
			continue
		}
		pairs, err := readPairs(filepath.Join(dir, d.file), d.categories)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", d.file, err)
		}
		a, ok := tonality.For(d.lang)
		if !ok || len(pairs) == 0 {
			continue
		}
		if d.lang == "EN" && extraEN != nil {
			a = a.WithOverrides(extraEN)
		}
		var v *govader.SentimentIntensityAnalyzer
		if d.lang == "EN" {
			v = vader
		}
		base := a
		if adapt {
			a = adapted(a, pairs)
		}
		measured[d.lang] = true
		if !dev {
			r := row(w, d, d.name, base, a, v, pairs, errs, adapt)
			if !d.tuning {
				held.add(r)
			}
			continue
		}
		var fit, held []pair
		for _, p := range pairs {
			if devPart(p) {
				held = append(held, p)
			} else {
				fit = append(fit, p)
			}
		}
		row(w, d, d.name+" fit", base, a, v, fit, errs, adapt)
		row(w, d, d.name+" dev", base, a, v, held, 0, adapt)
	}
	var un []string
	for _, l := range tonality.Languages() {
		if !measured[l] {
			un = append(un, l)
		}
	}
	sort.Strings(un)
	held.write(w)
	fmt.Fprintf(w, "\nUnmeasured (no annotated data in %s): %s\n", dir, strings.Join(un, ", "))
	return nil
}

// adapted is the analyzer adapted to the pairs' distinct texts (never
// their labels).
func adapted(a *tonality.Analyzer, pairs []pair) *tonality.Analyzer {
	return a.Adapt(func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, p := range pairs {
			if !seen[p.text] {
				seen[p.text] = true
				if !yield(p.text) {
					return
				}
			}
		}
	})
}

// row measures pairs with the base and the adapted analyzer and writes
// one table row; for a tuning file it prints up to errs errors and the
// per-category shares to standard error.
func row(w io.Writer, d dataset, name string, base, a *tonality.Analyzer, v *govader.SentimentIntensityAnalyzer, pairs []pair, errs int, adapt bool) result {
	if len(pairs) == 0 {
		return result{}
	}
	b, r := evaluate(base, v, pairs), evaluate(a, v, pairs)
	use := "held out"
	if d.tuning {
		use = "tuning"
		printErrors(os.Stderr, a, r.wrong, errs)
		if errs > 0 {
			fmt.Fprintln(os.Stderr, "learned:", a.Learned())
			fmt.Fprintln(os.Stderr, name)
			fmt.Fprintln(os.Stderr, strings.Join(r.lines, "\n"))
			for _, k := range []string{"lexicon", "learned", "none", "sentence"} {
				if e := r.evidence[k]; e != nil {
					fmt.Fprintf(os.Stderr, "evidence %-8s n=%4d annotated %.2f predicted %.2f accuracy %.3f\n", k, e.n,
						float64(e.annotated)/float64(e.n), float64(e.predicted)/float64(e.n), float64(e.right)/float64(e.n))
				}
			}
		}
	}
	ad := "n/a"
	if adapt {
		ad = fmt.Sprintf("%.3f (%d words)", float64(r.mentionOK)/float64(r.pairs), len(a.Learned()))
	}
	vs := "n/a"
	if v != nil {
		vs = fmt.Sprintf("%.3f", float64(r.vaderOK)/float64(r.pairs))
	}
	fnr, fpr := r.rates()
	mean, all := chance(r.cats, fnr, fpr, shareGoal, 1)
	fmt.Fprintf(w, "| %s | %s | %s | %d | %.3f | %s | %s | %d | %d | %.3f | %.3f | %.1f (all: %.2f) | %.3f |\n", name, d.lang, use, r.pairs,
		float64(b.mentionOK)/float64(r.pairs), ad, vs, r.categories, r.within, r.shareMax, r.shareMean,
		mean, all, evenOddsAccuracy(r.cats, shareGoal))
	return r
}

// printErrors prints up to n mention errors with the clause scores.
func printErrors(w io.Writer, a *tonality.Analyzer, wrong []pair, n int) {
	for i, p := range wrong {
		if i >= n {
			return
		}
		t := a.Analyze(p.text)
		s := t.Score
		if p.start >= 0 {
			s, _ = t.Mention([]int{p.start})
		}
		end := min(len(p.text), p.start+15)
		var ops []string
		for _, o := range t.Opinions {
			ops = append(ops, fmt.Sprintf("%s:%+.2f", p.text[o.Start:o.End], o.Polarity))
		}
		fmt.Fprintf(w, "want pos=%v got %.2f at %q: %s [%s]\n", p.positive, s, p.text[max(p.start, 0):end], p.text,
			strings.Join(ops, " "))
	}
}

// extraEN are the words of -words, nil without it.
var extraEN map[string]float64

// readWords reads a word<TAB>valence list, gzipped when its name ends in .gz.
func readWords(path string) (map[string]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, err
		}
		r = zr
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		w, v, ok := strings.Cut(sc.Text(), "\t")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		m[w] = x
	}
	return m, sc.Err()
}

// explain prints how the English analyzer reads a text: its score, each
// clause with its score and each opinion with its polarity.
func explain(w io.Writer, text string) {
	a, _ := tonality.For("EN")
	t := a.Analyze(text)
	fmt.Fprintf(w, "score %.3f %s\n", t.Score, t.Label)
	for _, c := range t.Clauses {
		m, _ := t.Mention([]int{c.Start})
		fmt.Fprintf(w, "  clause %.3f (mention %.3f) %q\n", c.Score, m, text[c.Start:c.End])
	}
	for _, o := range t.Opinions {
		fmt.Fprintf(w, "  opinion %+.3f %q\n", o.Polarity, text[o.Start:o.End])
	}
}
