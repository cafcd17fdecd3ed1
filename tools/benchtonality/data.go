package main

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"unicode/utf8"

	"explorer/tools/internal/absa"
)

// pair is one annotated opinion about a thing a sentence mentions.
type pair struct {
	text     string
	start    int    // byte offset of the target in text; -1 for a sentence-level (NULL) target
	key      string // aspect category, or the lower-case term when there is none
	positive bool
}

// readPairs reads the positive and negative opinions of an ABSA XML file:
// those of its aspect terms and opinions, or with categories those of its
// sentence-level aspect categories (SemEval-2014 restaurants: the whole
// text's score against each category's polarity, as for a NULL target).
func readPairs(path string, categories bool) ([]pair, error) {
	var out []pair
	err := absa.ReadFile(path, func(s absa.Sentence) error {
		if categories {
			out = append(out, categoryPairs(s)...)
			return nil
		}
		ps, err := sentencePairs(s)
		out = append(out, ps...)
		return err
	})
	return out, err
}

// categoryPairs turns a sentence's aspect categories with a positive or
// negative polarity into sentence-level pairs.
func categoryPairs(s absa.Sentence) []pair {
	var out []pair
	for _, c := range s.Categories {
		if c.Polarity == "positive" || c.Polarity == "negative" {
			out = append(out, pair{text: s.Text, start: -1, key: c.Category, positive: c.Polarity == "positive"})
		}
	}
	return out
}

// devPart reports whether a pair's sentence is in the dev part of a
// tuning file (-dev): a quarter of the sentences, by a hash of the text,
// so a sentence's pairs stay together.
func devPart(p pair) bool {
	h := fnv.New32a()
	h.Write([]byte(p.text))
	return h.Sum32()%4 == 0
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
