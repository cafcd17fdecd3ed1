package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"explorer/internal/absa"
)

// pair is one annotated opinion about a thing a sentence mentions.
type pair struct {
	text     string
	start    int    // byte offset of the target in text; -1 for a sentence-level (NULL) target
	key      string // aspect category, or the lower-case term when there is none
	positive bool
}

// readPairs reads the positive and negative opinions of an ABSA XML file.
func readPairs(path string) ([]pair, error) {
	var out []pair
	err := absa.ReadFile(path, func(s absa.Sentence) error {
		ps, err := sentencePairs(s)
		out = append(out, ps...)
		return err
	})
	return out, err
}

// sentencePairs turns one sentence's annotations into pairs.
func sentencePairs(s absa.Sentence) ([]pair, error) {
	var out []pair
	add := func(polarity, from, target, key string) error {
		if polarity != "positive" && polarity != "negative" {
			return nil
		}
		p := pair{text: s.Text, start: -1, key: key, positive: polarity == "positive"}
		if target != "" && target != "NULL" {
			runes, err := strconv.Atoi(from)
			if err != nil {
				return fmt.Errorf("sentence %q: offset %q", s.Text, from)
			}
			p.start = byteOffset(s.Text, runes)
			if p.start < 0 {
				return fmt.Errorf("sentence %q: offset %d outside", s.Text, runes)
			}
		}
		out = append(out, p)
		return nil
	}
	for _, a := range s.Aspects {
		if err := add(a.Polarity, a.From, a.Term, strings.ToLower(a.Term)); err != nil {
			return nil, err
		}
	}
	for _, o := range s.Opinions {
		key := o.Category
		if key == "" {
			key = strings.ToLower(o.Target)
		}
		if err := add(o.Polarity, o.From, o.Target, key); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// byteOffset converts an offset in characters (code points, as the
// datasets count) into a byte offset; -1 when it is outside text.
func byteOffset(text string, runes int) int {
	if runes < 0 {
		return -1
	}
	i := 0
	for n := 0; n < runes; n++ {
		if i >= len(text) {
			return -1
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	if i >= len(text) {
		return -1
	}
	return i
}
