// Command wordnetspace builds the default English word space from the
// WordNet database files (data.*, index.sense) with Random Indexing:
//
//	make bin/wordnetspace && bin/wordnetspace -dict DIR -out FILE
//
// The contexts are WordNet's own: the lemmas of each synset form a set
// context, synsets linked by "similar to" (adjective clusters), "also see"
// and hypernymy form weaker set contexts, each lemma gets the words of its
// synset's definition as a bag-of-words context, and the definitions and
// examples are run through the 2+2 sliding window. The counts stored with
// the words are WordNet's sense-tagged corpus counts (index.sense). The
// vocabulary kept is the lemmas with counts, then single-word adjectives,
// adverbs, verbs and nouns by number of senses, up to -words.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"explorer"
	"explorer/tools/internal/anycpu"
	"explorer/tools/internal/wordnet"
	"explorer/wordspace"
)

var (
	reduce  *int
	prior   *float64
	holdout *bool
)

// The weights of the contexts of linked synsets, relative to the synset's
// own: the adjective cluster, the hypernym, an "also see" cluster, the head
// of a satellite.
var (
	mixCluster float32 = 0.7
	mixHyper   float32 = 0.5
	mixAlso    float32 = 0.3
	mixSimilar float32 = 0.5
)

// The weights of the three kinds of context in the final vectors.
var (
	mixRel float32 = 1
	mixBag float32 = 0.5
	mixWin float32 = 0.25
)

func main() {
	anycpu.PureKernels()
	dict := flag.String("dict", "", "WordNet dict folder (data.noun, …, index.sense)")
	out := flag.String("out", "", "output word space file")
	dim := flag.Int("dim", 2000, "dimension of the random index vectors")
	nonzero := flag.Int("nonzero", 8, "non-zero elements per index vector")
	words := flag.Int("words", 28000, "words kept in the output")
	seed := flag.Uint64("seed", 1, "random indexing seed")
	prior = flag.Float64("prior", 0.5, "weight of a sense: 1 + prior × ln(1 + its tag count)")
	reduce = flag.Int("reduce", 256, "principal components kept in the output (0: keep all)")
	f32 := flag.Bool("float32", false, "store float32 vectors instead of int8")
	eval := flag.String("eval", "good,great,excellent", "comma-separated pole to print suggestions for")
	holdout = flag.Bool("holdout", false, "leave out the synsets wordnet.HeldOut holds out (to evaluate on them fairly)")
	flag.Parse()
	if *dict == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*dict, *out, *dim, *nonzero, *words, *seed, !*f32, *eval); err != nil {
		fmt.Fprintln(os.Stderr, "wordnetspace:", err)
		os.Exit(1)
	}
}

func run(dict, out string, dim, nonzero, keep int, seed uint64, int8 bool, eval string) error {
	synsets, err := wordnet.ReadDict(dict)
	if err != nil {
		return err
	}
	counts, senseCounts, err := wordnet.ReadSenseCounts(filepath.Join(dict, "index.sense"))
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(synsets))
	for k := range synsets {
		keys = append(keys, k)
	}
	slices.Sort(keys)

	b := wordspace.NewBuilder(wordspace.BuildOptions{Lang: "EN", Dim: dim, NonZero: nonzero, MinCount: 1, Seed: seed})
	senses := map[string]int{}
	posOf := map[string]byte{}
	for _, k := range keys {
		ss := synsets[k]
		for _, l := range ss.Lemmas {
			b.CountWord(l, 1)
			senses[l]++
			if p, ok := posOf[l]; !ok || rank(ss.Pos) < rank(p) {
				posOf[l] = ss.Pos
			}
		}
		for _, t := range append([]string{ss.Gloss}, ss.Exs...) {
			if err := b.CountText(strings.NewReader(t)); err != nil {
				return err
			}
		}
	}
	b.Freeze()
	fmt.Fprintf(os.Stderr, "%d synsets, %d words in the builder\n", len(synsets), len(b.Words()))
	// Three kinds of context, each normalised per word before they are
	// mixed: lexical relations, definitions as bags of words, and the
	// sliding window over definitions and examples.
	var toks []string
	ids := make([]int32, 0, 64)
	// cluster: the head synset of each adjective cluster.
	cluster := func(k string) string {
		ss := synsets[k]
		if ss.Pos == 'a' && ss.Satellite {
			for _, p := range ss.Ptrs {
				if p.Sym == "&" {
					return p.Key
				}
			}
		}
		return k
	}
	for _, k := range keys {
		if *holdout && wordnet.HeldOut(k) {
			continue
		}
		ss := synsets[k]
		for _, l := range ss.Lemmas {
			w := float32(1 + *prior*math.Log1p(float64(senseCounts[l+"|"+k])))
			b.AddKeyContext(l, "s"+k, w)
			if ss.Pos == 'a' {
				b.AddKeyContext(l, "c"+cluster(k), mixCluster*w)
			}
			for _, p := range ss.Ptrs {
				if synsets[p.Key] == nil {
					continue
				}
				switch p.Sym {
				case "@", "@i":
					b.AddKeyContext(l, "s"+p.Key, mixHyper*w)
				case "^":
					b.AddKeyContext(l, "c"+cluster(p.Key), mixAlso*w)
				case "&":
					if !ss.Satellite {
						continue
					}
					b.AddKeyContext(l, "s"+p.Key, mixSimilar*w)
				}
			}
		}
	}
	rel := b.TakeVectors()
	for _, k := range keys {
		if *holdout && wordnet.HeldOut(k) {
			continue
		}
		ss := synsets[k]
		toks = wordspace.Tokens(ss.Gloss, toks)
		for _, l := range ss.Lemmas {
			b.AddContext(l, toks, 1)
		}
	}
	bag := b.TakeVectors()
	for _, k := range keys {
		if *holdout && wordnet.HeldOut(k) {
			continue
		}
		ss := synsets[k]
		for _, t := range append([]string{ss.Gloss}, ss.Exs...) {
			toks = wordspace.Tokens(t, toks)
			ids = ids[:0]
			for _, tk := range toks {
				id, ok := b.ID(tk)
				if !ok {
					id = -1
				}
				ids = append(ids, id)
			}
			b.TrainIDs(ids)
		}
	}
	win := b.TakeVectors()
	mix := make([]float32, len(rel))
	for i := 0; i < len(rel); i += dim {
		for _, part := range []struct {
			v []float32
			w float32
		}{{rel, mixRel}, {bag, mixBag}, {win, mixWin}} {
			row := part.v[i : i+dim]
			var ss float64
			for _, x := range row {
				ss += float64(x) * float64(x)
			}
			if ss == 0 {
				continue
			}
			sc := part.w / float32(math.Sqrt(ss))
			for j, x := range row {
				mix[i+j] += sc * x
			}
		}
	}
	if err := b.SetVectors(mix); err != nil {
		return err
	}
	full, err := b.Space()
	if err != nil {
		return err
	}
	full.SetCounts(counts)

	// The vocabulary kept: WordNet lemmas only, those with counts first.
	type cand struct {
		id     int
		count  int64
		multi  bool
		pos    int
		senses int
	}
	var cands []cand
	for id := 0; id < full.Len(); id++ {
		w := full.Word(id)
		p, isLemma := posOf[w]
		if !isLemma || utf8.RuneCountInString(w) < 2 {
			continue
		}
		cands = append(cands, cand{id, full.Count(id), strings.Contains(w, " "), rank(p), senses[w]})
	}
	slices.SortFunc(cands, func(x, y cand) int {
		if (x.count > 0) != (y.count > 0) {
			if x.count > 0 {
				return -1
			}
			return 1
		}
		if x.count > 0 {
			return cmp.Compare(y.count, x.count)
		}
		if x.multi != y.multi {
			if !x.multi {
				return -1
			}
			return 1
		}
		if x.pos != y.pos {
			return cmp.Compare(x.pos, y.pos)
		}
		if x.senses != y.senses {
			return cmp.Compare(y.senses, x.senses)
		}
		return cmp.Compare(full.Word(x.id), full.Word(y.id))
	})
	if len(cands) > keep {
		cands = cands[:keep]
	}
	keepIDs := make([]int, len(cands))
	for i, c := range cands {
		keepIDs[i] = c.id
	}
	slices.Sort(keepIDs)
	s := full.Subset(keepIDs)
	if *reduce > 0 && *reduce < s.Dim() {
		s, err = s.Reduce(*reduce, 30)
		if err != nil {
			return err
		}
	}

	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := wordspace.WriteSpace(f, s, wordspace.WriteOptions{Int8: int8}); err != nil {
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
	if eval != "" {
		back, err := wordspace.Open(out, wordspace.LoadOptions{Lang: "EN"})
		if err != nil {
			return err
		}
		var pole []explorer.WeightedTerm
		for _, t := range strings.Split(eval, ",") {
			pole = append(pole, explorer.WeightedTerm{Term: t, Weight: 1})
		}
		sug, err := back.Suggest(context.Background(), pole, 30)
		if err != nil {
			return err
		}
		for _, p := range pole {
			nb, _ := back.Neighbours(context.Background(), p.Term, 50)
			var ws []string
			for _, x := range nb {
				ws = append(ws, fmt.Sprintf("%s:%.2f", x.Term, x.Cosine))
			}
			fmt.Fprintf(os.Stderr, "%s: %s\n", p.Term, strings.Join(ws, " "))
		}
		for i, x := range sug {
			fmt.Fprintf(os.Stderr, "%2d %-16s for=%-10s cos=%.3f sum=%.3f n=%d freq=%d recip=%v sim=%v\n",
				i+1, x.Term, x.ForWord, x.Cosine, x.SumCosine, x.NeighbourCounter, x.Frequency, x.Reciprocal, x.StringSimilarity)
		}
	}
	return nil
}

// rank orders parts of speech: adjectives, adverbs, verbs, nouns.
func rank(p byte) int {
	return strings.IndexByte("arvn", p)
}
