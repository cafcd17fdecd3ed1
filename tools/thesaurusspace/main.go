// Command thesaurusspace writes the compact form of a MyThes thesaurus
// (th_*.dat of Debian's mythes-* packages) that the server embeds: its
// synsets, cleaned (notes, antonyms, broader and narrower terms left out)
// and each once, as a UTF-8 MyThes file compressed with gzip:
//
//	make bin/thesaurusspace && bin/thesaurusspace -lang SV -in th_sv_SE_v2.dat -out sv.dat.gz
//
// With -eval it builds the language's space without the held-out fifth of
// the synsets (lexicon.HeldOutSynset) and prints the precision at 10 of
// the held-out synonyms, and the space's size. The output is
// deterministic: the same input and Go version give the same bytes.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"explorer"
	"explorer/tools/internal/anycpu"
	"explorer/wordspace"
	"explorer/wordspace/lexicon"
)

func main() {
	anycpu.PureKernels()
	lang := flag.String("lang", "", "language code (ISO 639-1)")
	in := flag.String("in", "", "MyThes .dat file")
	out := flag.String("out", "", "output file (gzip-compressed MyThes); empty writes none")
	eval := flag.Bool("eval", false, "print the held-out synonym precision at 10")
	poles := flag.String("poles", "", "comma-separated words whose top 10 suggestions are printed")
	flag.Parse()
	if *lang == "" || *in == "" {
		fmt.Fprintln(os.Stderr, "usage: thesaurusspace -lang LL -in FILE.dat [-out FILE.dat.gz] [-eval] [-poles a,b]")
		os.Exit(2)
	}
	if err := run(*lang, *in, *out, *eval, *poles); err != nil {
		fmt.Fprintln(os.Stderr, "thesaurusspace:", err)
		os.Exit(1)
	}
}

func run(lang, in, out string, eval bool, poles string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	t, err := lexicon.ReadThesaurus(f)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %d words, %d synsets\n", lang, t.Len(), t.Synsets())
	if out != "" {
		if err := write(t, out); err != nil {
			return err
		}
	}
	if poles != "" {
		if err := printPoles(t, lang, poles); err != nil {
			return err
		}
	}
	if eval {
		return evaluate(t, lang)
	}
	return nil
}

// write writes t compressed, with an empty gzip header (no name, no time).
func write(t *lexicon.Thesaurus, out string) error {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if err := t.WriteMythes(zw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d bytes\n", out, buf.Len())
	return nil
}

func printPoles(t *lexicon.Thesaurus, lang, poles string) error {
	began := time.Now()
	s, err := wordspace.ThesaurusSpace(t, lang)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "space built in %.2f s\n", time.Since(began).Seconds())
	for _, p := range strings.Split(poles, ",") {
		sug, err := s.Suggest(context.Background(), []explorerTerm{{Term: p, Weight: 1}}, 10)
		if err != nil {
			return err
		}
		var words []string
		for _, x := range sug {
			words = append(words, fmt.Sprintf("%s (%.2f)", x.Term, x.Cosine))
		}
		fmt.Fprintf(os.Stderr, "{%s}: %s\n", p, strings.Join(words, ", "))
	}
	return nil
}

// evaluate builds the space without the held-out synsets and measures,
// for every word of a held-out synset that has a synonym there which
// training does not link it to, the share of its 10 nearest neighbours
// (passing over the words training links to it) that are such synonyms.
func evaluate(t *lexicon.Thesaurus, lang string) error {
	train, err := t.Filter(func(w []string) bool { return !lexicon.HeldOutSynset(w) })
	if err != nil {
		return err
	}
	s, err := wordspace.ThesaurusSpace(train, lang)
	if err != nil {
		return err
	}
	linked := map[string]map[string]bool{}
	for i := range train.Synsets() {
		ws := train.Synset(i)
		for _, a := range ws {
			for _, b := range ws {
				if a != b {
					addPair(linked, wordspace.Fold(a), wordspace.Fold(b))
				}
			}
		}
	}
	gold := map[string]map[string]bool{}
	for i := range t.Synsets() {
		ws := t.Synset(i)
		if !lexicon.HeldOutSynset(ws) {
			continue
		}
		for _, a := range ws {
			for _, b := range ws {
				ka, kb := wordspace.Fold(a), wordspace.Fold(b)
				if ka != kb && !linked[ka][kb] {
					addPair(gold, ka, kb)
				}
			}
		}
	}
	p, n := precision(s, gold, linked)
	fmt.Printf("| %s | %d | %d | %.4f | %d |\n", lang, t.Len(), t.Synsets(), p, n)
	return nil
}

func addPair(m map[string]map[string]bool, a, b string) {
	if m[a] == nil {
		m[a] = map[string]bool{}
	}
	m[a][b] = true
}

// precision is the mean precision at 10 over the held-out queries the
// space knows, and their number.
func precision(s *wordspace.Space, gold, linked map[string]map[string]bool) (float64, int) {
	queries := make([]string, 0, len(gold))
	for q := range gold {
		queries = append(queries, q)
	}
	slices.Sort(queries)
	total, n := 0.0, 0
	for _, q := range queries {
		if _, ok := s.Lookup(q); !ok {
			continue
		}
		nb, err := s.Neighbours(context.Background(), q, 10+len(linked[q]))
		if err != nil {
			continue
		}
		hits, seen := 0, 0
		for _, x := range nb {
			w := wordspace.Fold(x.Term)
			if linked[q][w] {
				continue
			}
			if seen++; seen > 10 {
				break
			}
			if gold[q][w] {
				hits++
			}
		}
		total += float64(hits) / 10
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return total / float64(n), n
}

type explorerTerm = explorer.WeightedTerm
