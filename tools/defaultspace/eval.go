package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"explorer"
	"explorer/wordspace"
)

// named is a space under evaluation.
type named struct {
	name  string
	space *wordspace.Space
}

// precisionAt10 is the mean, over the query words a space knows, of the
// share of its 10 nearest neighbours that are held-out synonyms. The words
// that training links to the query are passed over (in every space alike):
// retrofitting pulls them close by construction, and they are not what is
// measured, which is how the space ranks synonyms it was not told about.
func precisionAt10(s *wordspace.Space, queries []string, gold, trained map[string][]string) (float64, int) {
	total, n := 0.0, 0
	for _, q := range queries {
		if _, ok := s.Lookup(q); !ok {
			continue
		}
		nb, err := s.Neighbours(context.Background(), q, 10+len(trained[q]))
		if err != nil || len(nb) == 0 {
			continue
		}
		hits, seen := 0, 0
		for _, x := range nb {
			w := wordspace.Fold(x.Term)
			if slices.Contains(trained[q], w) {
				continue
			}
			if seen++; seen > 10 {
				break
			}
			if slices.Contains(gold[q], w) {
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

// report prints the precision at 10 of each space, over the queries each
// knows and over the queries every space knows.
func report(w io.Writer, g *graph, vocab []string, spaces []named) {
	gold, trained := map[string][]string{}, map[string][]string{}
	var queries []string
	for q, syn := range g.heldOut {
		for _, y := range syn {
			gold[vocab[q]] = append(gold[vocab[q]], vocab[y])
		}
		for _, e := range g.train[q] {
			trained[vocab[q]] = append(trained[vocab[q]], vocab[e.to])
		}
		queries = append(queries, vocab[q])
	}
	slices.Sort(queries)
	var common []string
	for _, q := range queries {
		known := true
		for _, s := range spaces {
			if _, ok := s.space.Lookup(q); !ok {
				known = false
			}
		}
		if known {
			common = append(common, q)
		}
	}
	fmt.Fprintf(w, "| space | P@10, its queries | queries | P@10, common queries (%d) |\n|---|---|---|---|\n", len(common))
	for _, s := range spaces {
		p, n := precisionAt10(s.space, queries, gold, trained)
		pc := p
		if len(spaces) > 1 {
			pc, _ = precisionAt10(s.space, common, gold, trained)
		}
		fmt.Fprintf(w, "| %s | %.4f | %d | %.4f |\n", s.name, p, n, pc)
	}
}

// recall is the share of the exact 50 nearest neighbours of every n-th
// word (n words in all) that the approximate index finds.
func recall(approx, exact *wordspace.Space, n int) float64 {
	found, total := 0, 0
	step := max(1, exact.Len()/n)
	for i := 0; i < exact.Len(); i += step {
		w := exact.Word(i)
		want, _ := exact.Neighbours(context.Background(), w, 50)
		got, _ := approx.Neighbours(context.Background(), w, 50)
		in := map[string]bool{}
		for _, x := range got {
			in[x.Term] = true
		}
		for _, x := range want {
			total++
			if in[x.Term] {
				found++
			}
		}
	}
	if total == 0 {
		return 0
	}
	return float64(found) / float64(total)
}

// everyday are 41 everyday words of one-word poles, most with an obvious
// antonym (the examples first).
var everyday = strings.Fields(`cheap expensive fast slow hot cold clean dirty early late high low strong weak
	good bad happy sad big small large long short easy hard rich poor new old young light dark heavy soft loud
	quiet safe dangerous true false wrong`)

// antonymReport prints, for each space, the antonyms among the 10 nearest
// neighbours: of the queries with held-out antonym pairs (held-out
// antonyms, and any WordNet antonym, per 100 slots), and of the everyday
// words (how many have one, and how many in all).
func antonymReport(w io.Writer, ant *antonyms, vocab []string, spaces []named) {
	id := make(map[string]int32, len(vocab))
	for i, v := range vocab {
		id[v] = int32(i)
	}
	var queries []int32
	for q := range ant.heldOut {
		queries = append(queries, q)
	}
	slices.Sort(queries)
	// count counts the antonyms of q (in each of ofs) among its 10 nearest.
	count := func(s *wordspace.Space, q int32, ofs ...map[int32][]int32) ([]int, bool) {
		nb, err := s.Neighbours(context.Background(), vocab[q], 10)
		if err != nil || len(nb) == 0 {
			return nil, false
		}
		n := make([]int, len(ofs))
		for _, x := range nb {
			j, ok := id[wordspace.Fold(x.Term)]
			for k, of := range ofs {
				if ok && slices.Contains(of[q], j) {
					n[k]++
				}
			}
		}
		return n, true
	}
	fmt.Fprintf(w, "| space | held-out antonyms per 100 top-10 slots | any antonym per 100 | queries | everyday words with an antonym in their top 10 (of %d) | antonyms in all |\n|---|---|---|---|---|---|\n", len(everyday))
	for _, s := range spaces {
		held, any, n, ruled := 0, 0, 0, 0
		for _, q := range queries {
			c, ok := count(s.space, q, ant.heldOut, ant.all, ant.byRule)
			if !ok {
				continue
			}
			ruled += c[2]
			if showAntonyms && c[0] > 0 {
				showHeldOut(w, s.space, ant, vocab, q)
			}
			held, any, n = held+c[0], any+c[1], n+1
		}
		words, total := 0, 0
		var which []string
		for _, e := range everyday {
			if c, ok := count(s.space, id[e], ant.all); ok && c[0] > 0 {
				words, total = words+1, total+c[0]
				which = append(which, e)
			}
		}
		fmt.Fprintf(w, "| %s | %.2f | %.2f | %d | %d | %d |\n", s.name, 100*float64(held)/float64(10*max(n, 1)), 100*float64(any)/float64(10*max(n, 1)), n, words, total)
		fmt.Fprintf(w, "  everyday words with an antonym: %s\n", strings.Join(which, " "))
		if ant.byRule != nil {
			fmt.Fprintf(w, "  held-out antonyms no rule (affixes, derivation) makes: %.2f per 100 slots\n", 100*float64(held-ruled)/float64(10*max(n, 1)))
		}
	}
}

// probe prints what a setting does at a glance: the {good, great,
// excellent} suggestions and the antonyms among the everyday words' 10
// nearest neighbours.
func probe(s *wordspace.Space, ant *antonyms, vocab []string) {
	pole := []explorer.WeightedTerm{{Term: "good", Weight: 1}, {Term: "great", Weight: 1}, {Term: "excellent", Weight: 1}}
	sug, _ := s.Suggest(context.Background(), pole, 20)
	var words []string
	for _, x := range sug {
		words = append(words, x.Term)
	}
	fmt.Fprintf(os.Stderr, "{good, great, excellent}: %s\n", strings.Join(words, " "))
	antonymReport(os.Stderr, ant, vocab, []named{{"probe", s}})
	for _, e := range strings.Fields("cheap expensive fast hot clean early high strong") {
		nb, _ := s.Neighbours(context.Background(), e, 10)
		var ws []string
		for _, x := range nb {
			ws = append(ws, x.Term)
		}
		fmt.Fprintf(os.Stderr, "%s: %s\n", e, strings.Join(ws, " "))
	}
}

// showAntonyms lists each held-out antonym found (-show-antonyms).
var showAntonyms bool

// showHeldOut prints q's held-out antonyms among its 10 nearest, with
// the trained antonyms q has.
func showHeldOut(w io.Writer, s *wordspace.Space, ant *antonyms, vocab []string, q int32) {
	nb, _ := s.Neighbours(context.Background(), vocab[q], 10)
	var found, trained []string
	for r, x := range nb {
		for _, a := range ant.heldOut[q] {
			if vocab[a] == x.Term {
				found = append(found, fmt.Sprintf("%s@%d", x.Term, r+1))
			}
		}
	}
	for _, p := range ant.train {
		if p[0] == q {
			trained = append(trained, vocab[p[1]])
		} else if p[1] == q {
			trained = append(trained, vocab[p[0]])
		}
	}
	fmt.Fprintf(w, "  held-out %s: %s (trained antonyms: %d %s)\n", vocab[q], strings.Join(found, " "), len(trained), strings.Join(trained[:min(5, len(trained))], " "))
}
