package wordspace

import (
	"bytes"
	"context"

	wordspaceasset "explorer/assets/wordspace"
)

// DefaultEnglish reads the embedded English word space, GloVe retrofitted
// to WordNet 3.1 (see assets/wordspace/README.md).
func DefaultEnglish(opt LoadOptions) (*Space, error) {
	if opt.Lang == "" {
		opt.Lang = "EN"
	}
	data := wordspaceasset.English
	opt.whole = data
	return ReadSpace(bytes.NewReader(data), int64(len(data)), opt)
}

// OpenEmbedded reads an embedded space: one in the own format as
// DefaultEnglish does, a thesaurus by building its space.
func OpenEmbedded(ctx context.Context, e wordspaceasset.Space, opt LoadOptions) (*Space, error) {
	opt.Lang = e.Lang
	if bytes.HasPrefix(e.Data, []byte(magic)) {
		opt.whole = e.Data
		return ReadSpace(bytes.NewReader(e.Data), int64(len(e.Data)), opt)
	}
	return ReadThesaurusSpace(ctx, bytes.NewReader(e.Data), int64(len(e.Data)), opt)
}
