package wordspace

import (
	"bytes"
	"context"
	"errors"

	wordspaceasset "explorer/assets/wordspace"
)

// DefaultEnglish reads the embedded English word space, GloVe retrofitted
// and counter-fitted to WordNet 3.1 (see assets/wordspace/README.md).
func DefaultEnglish(opt LoadOptions) (*Space, error) {
	if opt.Lang == "" {
		opt.Lang = "EN"
	}
	return Embedded(wordspaceasset.English, opt)
}

// Embedded reads a space embedded in the binary, data being the whole
// file: its neighbour table is used in place, not copied.
func Embedded(data []byte, opt LoadOptions) (*Space, error) {
	opt.whole = data
	return ReadSpace(bytes.NewReader(data), int64(len(data)), opt)
}

// embeddedSpace is a space embedded in the binary.
type embeddedSpace = wordspaceasset.Space

// OpenEmbedded reads an embedded space: one in the own format in place
// (Embedded), a thesaurus by building its space.
func OpenEmbedded(ctx context.Context, e wordspaceasset.Space, opt LoadOptions) (*Space, error) {
	opt.Lang = e.Lang
	if bytes.HasPrefix(e.Data, []byte(magic)) {
		return Embedded(e.Data, opt)
	}
	return ReadThesaurusSpace(ctx, bytes.NewReader(e.Data), int64(len(e.Data)), opt)
}

// headerWords returns the number of words a space in the own format holds,
// from its header alone; 0 for a thesaurus, whose words are known once
// its space is built.
func headerWords(data []byte) (int, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return 0, nil
	}
	if len(data) < headerSize {
		return 0, errors.New("word space file: truncated header")
	}
	L, err := parseOwnHeader(data[:headerSize], int64(len(data)))
	if err != nil {
		return 0, err
	}
	return L.n, nil
}

// FileLanguage is the language a space file in the own format was made
// for, read from its header alone (the header checked against the file's
// size, the rest not read).
func FileLanguage(data []byte) (string, error) {
	if len(data) < headerSize {
		return "", errors.New("word space file: truncated header")
	}
	L, err := parseOwnHeader(data[:headerSize], int64(len(data)))
	if err != nil {
		return "", err
	}
	return L.lang, nil
}
