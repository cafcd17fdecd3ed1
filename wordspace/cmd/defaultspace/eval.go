package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"explorer/wordspace"
)

// named is a space under evaluation.
type named struct {
	name  string
	space *wordspace.Space
}

// precisionAt10 is the mean, over the query words a space knows, of the
// share of its 10 nearest neighbours that are held-out synonyms.
func precisionAt10(s *wordspace.Space, queries []string, gold map[string][]string) (float64, int) {
	total, n := 0.0, 0
	for _, q := range queries {
		if _, ok := s.Lookup(q); !ok {
			continue
		}
		nb, err := s.Neighbours(context.Background(), q, 10)
		if err != nil || len(nb) == 0 {
			continue
		}
		hits := 0
		for _, x := range nb {
			if slices.Contains(gold[q], wordspace.Fold(x.Term)) {
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
func report(w io.Writer, heldOut map[int32][]int32, vocab []string, spaces []named) {
	gold := map[string][]string{}
	var queries []string
	for q, syn := range heldOut {
		for _, y := range syn {
			gold[vocab[q]] = append(gold[vocab[q]], vocab[y])
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
		p, n := precisionAt10(s.space, queries, gold)
		pc, _ := precisionAt10(s.space, common, gold)
		fmt.Fprintf(w, "| %s | %.4f | %d | %.4f |\n", s.name, p, n, pc)
	}
}
