package analysis

import "github.com/clipperhouse/uax29/v2/words"

// Segments calls fn with the byte offsets [start, end) of every segment of
// text by Unicode word segmentation (UAX #29), the segmentation Terms
// uses: words, and between them runs of spaces, punctuation and symbols.
// The segments cover text in order; invalid UTF-8 bytes are segments of
// their own. Offsets index text as given (nothing is replaced first), so
// callers can report where words are.
func Segments(text string, fn func(start, end int)) {
	it := words.FromString(text)
	for it.Next() {
		fn(it.Start(), it.End())
	}
}
