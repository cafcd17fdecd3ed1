package wordspace

import (
	"bytes"

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
