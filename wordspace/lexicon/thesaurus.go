package lexicon

import (
	"bufio"
	"compress/gzip"
	"errors"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
)

// HeldOutSynset tells whether the evaluations of thesaurus spaces hold a
// synset out of training: a fifth of them, chosen by a hash of its folded,
// sorted words, so the choice is the same in every run.
func HeldOutSynset(words []string) bool {
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = Fold(w)
	}
	slices.Sort(keys)
	h := fnv.New32a()
	h.Write([]byte(strings.Join(keys, "|")))
	return h.Sum32()%5 == 0
}

// WriteMythes writes the thesaurus as a MyThes file in UTF-8, one entry
// per synset (its first word, then the others as one sense), in the order
// the synsets were added: the compact form in which the embedded
// thesauri are stored.
func (t *Thesaurus) WriteMythes(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("UTF-8\n")
	for i := range t.Synsets() {
		words := t.Synset(i)
		bw.WriteString(words[0])
		bw.WriteString("|1\n-|")
		bw.WriteString(strings.Join(words[1:], "|"))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// SenseLine is a group of words Add was given (a sense line of a MyThes
// entry, its headword first): the id of its first word and the synset it
// made, or repeated (a group of the same words is one synset, whichever
// word heads it).
type SenseLine struct {
	Head, Synset int32
}

// SenseLines returns the groups Add was given that make or repeat a
// synset, in order: the senses of one entry are consecutive. The caller
// must not modify it.
func (t *Thesaurus) SenseLines() []SenseLine { return t.lines }

// Filter returns a thesaurus of the synsets keep accepts.
func (t *Thesaurus) Filter(keep func(words []string) bool) (*Thesaurus, error) {
	return t.rebuilt(func(words []string) []string {
		if keep(words) {
			return words
		}
		return nil
	})
}

// ReadThesaurus reads a MyThes file, gzip-compressed or not (the bound on
// its size applies to its uncompressed bytes).
func ReadThesaurus(r io.Reader) (*Thesaurus, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, errors.New("thesaurus: bad gzip stream")
		}
		zr.Multistream(false)
		defer zr.Close()
		return ReadMythes(zr, nil)
	}
	return ReadMythes(br, nil)
}

// IsThesaurus tells whether a file's first bytes are those of a MyThes
// file (an encoding name on the first line, then "word|number") or of a
// gzip stream (the form of the embedded thesauri).
func IsThesaurus(head []byte) bool {
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		return true
	}
	first, rest, ok := strings.Cut(string(head), "\n")
	if !ok || len(first) > 40 {
		return false
	}
	if _, err := decoderFor(strings.TrimRight(first, "\r")); err != nil {
		return false
	}
	second, _, _ := strings.Cut(rest, "\n")
	_, count, found := strings.Cut(strings.TrimRight(second, "\r"), "|")
	if !found {
		return false
	}
	_, err := strconv.Atoi(strings.TrimSpace(count))
	return err == nil
}
