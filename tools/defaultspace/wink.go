package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// readWink reads the package's JSON object: "words" (all words, most
// frequent first) comes before "vectors" (word → 100 numbers, then its
// norm and its index). It keeps the first keep words that are words and
// their 100-dimensional vectors, in frequency order.
func readWink(path string, keep int) ([]string, [][]float32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	if err := expectDelim(dec, '{'); err != nil {
		return nil, nil, err
	}
	var (
		dim   int
		vocab []string
		index map[string]int
		vecs  [][]float32
	)
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		switch key {
		case "dimensions":
			err = dec.Decode(&dim)
		case "words":
			var all []string
			if err = dec.Decode(&all); err == nil {
				vocab, index = chooseWords(all, keep)
				vecs = make([][]float32, len(vocab))
			}
		case "vectors":
			if index == nil || dim == 0 {
				return nil, nil, errors.New("vectors before words and dimensions")
			}
			err = readVectors(dec, index, vecs, dim)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v: %w", path, key, err)
		}
	}
	for i, v := range vecs {
		if v == nil {
			return nil, nil, fmt.Errorf("%s: no vector for %q", path, vocab[i])
		}
	}
	return vocab, vecs, nil
}

// readVectors reads the "vectors" object, keeping those of index.
func readVectors(dec *json.Decoder, index map[string]int, vecs [][]float32, dim int) error {
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	var nums []float64
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		w, _ := t.(string)
		i, ok := index[w]
		if !ok {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		if err := dec.Decode(&nums); err != nil {
			return err
		}
		if len(nums) < dim {
			return fmt.Errorf("vector of %q has %d numbers", w, len(nums))
		}
		v := make([]float32, dim)
		for j := range v {
			v[j] = float32(nums[j])
		}
		vecs[i] = v
	}
	return expectDelim(dec, '}')
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t != d {
		return fmt.Errorf("expected %v, found %v", d, t)
	}
	return nil
}

// chooseWords keeps the first keep entries that are words, in order.
func chooseWords(all []string, keep int) ([]string, map[string]int) {
	vocab := make([]string, 0, keep)
	index := make(map[string]int, keep)
	for _, w := range all {
		if len(vocab) == keep {
			break
		}
		if _, dup := index[w]; dup || !isWord(w) {
			continue
		}
		index[w] = len(vocab)
		vocab = append(vocab, w)
	}
	return vocab, index
}

// isWord tells whether a token is a word: lower-case ASCII letters, with
// single hyphens or apostrophes between letters ("well-known", "o'clock"),
// of two letters at least but for "a" and "i". Numbers, punctuation,
// symbols and markup tokens of the corpus are left out.
func isWord(w string) bool {
	if len(w) < 2 {
		return w == "a" || w == "i"
	}
	prevLetter := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			prevLetter = true
		case (c == '-' || c == '\'') && prevLetter && i+1 < len(w):
			prevLetter = false
		default:
			return false
		}
	}
	return prevLetter
}
