// Package wordspaceasset embeds the default English word space, generated
// from WordNet by `make -f Makefile.wordspace wordspace-default` (see
// README.md in this folder for its origin and licence).
package wordspaceasset

import _ "embed"

// English is the default English word space in the wordspace package's own
// format (int8 vectors with counts).
//
//go:embed english.wordspace
var English []byte
