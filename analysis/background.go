package analysis

import (
	"bufio"
	"compress/gzip"
	"embed"
	"io"
	"io/fs"
	"strings"

	"explorer/internal/lazy"
	"explorer/language"
)

// backgroundFiles are the background lists, one a language (XX.txt.gz,
// one word a line, most frequent first; see background/README.md):
// English the 60,000 most frequent words of GloVe 6B (Wikipedia 2014 +
// Gigaword 5), the other languages the 10,000 most frequent words of
// OpenSubtitles 2016 (French, German and Spanish: of Wiktionary's
// frequency lists). make background-en and make background-lists write
// them.
//
//go:embed background/*.txt.gz
var backgroundFiles embed.FS

// backgrounds are the lists' ranks by language, each read at its first use
// (English ~5 MB, the others ~0.5 MB).
var backgrounds = loadBackgrounds()

func loadBackgrounds() map[string]*lazy.Value[map[string]int] {
	out := map[string]*lazy.Value[map[string]int]{}
	names, _ := fs.Glob(backgroundFiles, "background/*.txt.gz")
	for _, name := range names {
		code := strings.TrimSuffix(strings.TrimPrefix(name, "background/"), ".txt.gz")
		out[code] = lazy.New(func() map[string]int { return readBackground(name, code) })
	}
	return out
}

// ReleaseBackground lets the lists read so far go (the server does when
// idle); the next Background reads its list again.
func ReleaseBackground() {
	for _, v := range backgrounds {
		v.Release()
	}
}

// readBackground reads one embedded list (ReadRanks). Serbian's list is
// in Latin script; each word is also known in Cyrillic, at its rank.
func readBackground(name, code string) map[string]int {
	f, err := backgroundFiles.Open(name)
	if err != nil {
		return map[string]int{} // the embedded lists are checked by a test
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return map[string]int{}
	}
	ranks := ReadRanks(zr)
	if code == "sr" {
		for w, n := range ranks {
			if c := language.SerbianCyrillic(w); c != w {
				if r, seen := ranks[c]; !seen || n < r {
					ranks[c] = n
				}
			}
		}
	}
	return ranks
}

// ReadRanks reads a background list: one word a line, most frequent
// first. A word's rank is its line number, folded as the texts' words are
// (the first line wins where two fold alike).
func ReadRanks(r io.Reader) map[string]int {
	ranks := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		w := foldWord(strings.TrimSpace(sc.Text()))
		if _, seen := ranks[w]; w != "" && !seen {
			ranks[w] = n
		}
	}
	return ranks
}

// SetBackground gives lex the background list of a language (Background):
// English's, of written text, for every exploration; another language's,
// of everyday speech, for feedback only (RankForFeedback).
func (lex *Lexicon) SetBackground(lang string) {
	lex.Rank, lex.Size = Background(lang)
	lex.RankForFeedback = lex.Rank != nil && langKey(lang) != "en"
}

// Background returns the background frequency list of a language (ISO
// 639-1, any case) as a Lexicon's Rank and Size: rank 1 is the most
// frequent word, 0 a word the list lacks. A language without a list gets
// nil and 0.
func Background(lang string) (rank func(term string) int, size int) {
	v, ok := backgrounds[langKey(lang)]
	if !ok {
		return nil, 0
	}
	ranks := v.Get()
	if len(ranks) == 0 {
		return nil, 0
	}
	return func(term string) int { return ranks[term] }, len(ranks)
}
