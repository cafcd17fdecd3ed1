package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"explorer/tonality"
	"explorer/wordspace"
)

// inducedParams are the thresholds of the induced English words, chosen
// on SemEval-2014 only (tonality/README.md).
type inducedParams struct {
	words    int     // candidates: the most frequent words of the background list
	k        int     // nearest neighbours read per candidate
	minCos   float64 // a neighbour counts from this cosine on
	minOp    int     // at least this many neighbours are opinion words
	minAgree float64 // |Σ w·sign(v)| / Σ w over the opinion neighbours
	scale    float64 // the valence is the weighted mean of theirs × scale
	cap      float64 // … at most cap in absolute value
	minAbs   float64 // … and dropped under minAbs
	pos      string  // the parts of speech (n, v, a, r) a word's most frequent WordNet sense may have
}

// induced writes the English induced words: for each of the p.words most
// frequent words of analysis/background/en.txt.gz that the lexicon lacks
// (no lexicon, supplement or event valence, no rule, stop or phrase-start
// word, letters only, 3 letters or more) and whose most frequent WordNet
// part of speech (tagged sense counts of index.*, then synset counts;
// inflected forms through WordNet's suffix rules) is an adjective, adverb
// or verb, the valences of its nearest neighbours in the embedded English
// word space (GloVe retrofitted to WordNet synonyms and counter-fitted
// against its antonyms, so antonyms are far) that are lexicon words vote,
// weighted by their cosine; the word is kept when enough neighbours are
// opinion words and they agree, with a reduced valence.
func induced(background, dict, out string, p inducedParams) error {
	a, ok := tonality.For("EN")
	if !ok {
		return fmt.Errorf("no English analyzer")
	}
	s, err := wordspace.DefaultEnglish(wordspace.LoadOptions{})
	if err != nil {
		return err
	}
	pos, err := readPOS(dict)
	if err != nil {
		return err
	}
	words, err := readLines(background, p.words)
	if err != nil {
		return err
	}
	ctx := context.Background()
	type row struct {
		w     string
		v     float64
		n     int
		agree float64
	}
	var rows []row
	for _, w := range words {
		if !plainWord(w) {
			continue
		}
		if _, ok, rule := a.Seed(w); ok || rule {
			continue
		}
		if !strings.ContainsRune(p.pos, rune(mainPOS(w, pos))) {
			continue
		}
		nbrs, err := s.Neighbours(ctx, w, p.k)
		if err != nil {
			return err
		}
		var sw, swv, sws float64
		n := 0
		for _, nb := range nbrs {
			if nb.Cosine < p.minCos {
				break
			}
			v, ok, rule := a.Seed(nb.Term)
			if !ok || rule || v == 0 {
				continue
			}
			n++
			c := nb.Cosine
			sw += c
			swv += c * v
			if v > 0 {
				sws += c
			} else {
				sws -= c
			}
		}
		if n < p.minOp || sw == 0 {
			continue
		}
		agree := math.Abs(sws) / sw
		if agree < p.minAgree {
			continue
		}
		v := swv / sw * p.scale
		if math.Signbit(v) != math.Signbit(sws) {
			continue
		}
		v = math.Max(-p.cap, math.Min(p.cap, v))
		if math.Abs(v) < p.minAbs {
			continue
		}
		rows = append(rows, row{w, math.Round(v*1000) / 1000, n, agree})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].w < rows[j].w })
	lex := lexicon{}
	pos2, neg := 0, 0
	for _, r := range rows {
		lex[r.w] = []float64{r.v}
		if r.v > 0 {
			pos2++
		} else {
			neg--
		}
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := lex.write(out); err != nil {
		return err
	}
	fmt.Printf("EN induced\t%d entries (%d positive, %d negative)\n", len(lex), pos2, -neg)
	return nil
}

// plainWord: lower-case ASCII letters only, at least 3.
func plainWord(w string) bool {
	if len(w) < 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// readLines reads the first n lines of a gzipped list.
func readLines(path string, n int) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(zr)
	for sc.Scan() && len(out) < n {
		w, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), "\t")
		out = append(out, w)
	}
	return out, sc.Err()
}

// posCount is a lemma's tagged sense count and synset count in one part
// of speech.
type posCount struct{ tagged, synsets int }

// readPOS reads WordNet's index.noun, index.verb, index.adj and index.adv:
// lemma → part of speech (n, v, a, r) → counts.
func readPOS(dict string) (map[string]map[byte]posCount, error) {
	out := map[string]map[byte]posCount{}
	for _, f := range []string{"noun", "verb", "adj", "adv"} {
		fh, err := os.Open(filepath.Join(dict, "index."+f))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, " ") {
				continue // the licence
			}
			fs := strings.Fields(line)
			if len(fs) < 6 {
				continue
			}
			syn, _ := strconv.Atoi(fs[2])
			pc, _ := strconv.Atoi(fs[3])
			if 4+pc+1 >= len(fs) {
				continue
			}
			tagged, _ := strconv.Atoi(fs[4+pc+1])
			if out[fs[0]] == nil {
				out[fs[0]] = map[byte]posCount{}
			}
			out[fs[0]][fs[1][0]] = posCount{tagged, syn}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// suffixes are WordNet's detachment rules (morphy) per part of speech.
var suffixes = map[byte][][2]string{
	'n': {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	'v': {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	'a': {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// mainPOS returns w's most frequent part of speech in WordNet (n, v, a,
// r; 0 when WordNet lacks it): the one with the most tagged senses, then
// the most synsets; a form WordNet lacks takes the counts of its base
// forms (suffix rules of that part of speech).
func mainPOS(w string, pos map[string]map[byte]posCount) byte {
	counts := map[byte]posCount{}
	for p, c := range pos[w] {
		counts[p] = c
	}
	if len(counts) == 0 {
		for p, rules := range suffixes {
			for _, r := range rules {
				if base, ok := strings.CutSuffix(w, r[0]); ok && base != "" {
					if c, ok := pos[base+r[1]][p]; ok {
						counts[p] = c
						break
					}
				}
			}
		}
	}
	if len(counts) == 0 {
		return 0
	}
	best, bc := byte(0), posCount{-1, -1}
	for _, p := range []byte{'n', 'v', 'a', 'r'} {
		c, ok := counts[p]
		if !ok {
			continue
		}
		if c.tagged > bc.tagged || c.tagged == bc.tagged && c.synsets > bc.synsets {
			best, bc = p, c
		}
	}
	return best
}

// defaultInduced are the settings the embedded file was made with.
var defaultInduced = inducedParams{
	words: 30000, k: 20, minCos: 0.4, minOp: 3, minAgree: 0.8, scale: 0.3, cap: 0.4, minAbs: 0.05, pos: "ar",
}
