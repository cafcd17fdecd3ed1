package main

import (
	"os"
	"testing"
)

// maxBinaryBytes is the most the binary may weigh: issue 33's acceptance
// keeps it under 100 MB (10^8 bytes) with everything it embeds (word
// spaces, thesauri, lexicons, assets). It stood at 99.4 MB in the
// twentieth round, so a data file embedded without looking would cross it
// unnoticed.
const maxBinaryBytes = 100_000_000

// The binary as built for the other tests here (cgo-free, as released)
// stays under maxBinaryBytes.
func TestBinaryUnder100MB(t *testing.T) {
	st, err := os.Stat(buildBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > maxBinaryBytes {
		t.Errorf("the binary weighs %d bytes, over %d", st.Size(), maxBinaryBytes)
	}
	t.Logf("binary: %d bytes (%.1f MB)", st.Size(), float64(st.Size())/1e6)
}
