package analysis

import "testing"

// TestReleaseBackgroundReadsAgain: after ReleaseBackground the list is
// read again at the next Background, with the same ranks.
func TestReleaseBackgroundReadsAgain(t *testing.T) {
	rank, size := Background("EN")
	the := rank("the")
	ReleaseBackground()
	rank2, size2 := Background("en")
	if size == 0 || size2 != size || rank2("the") != the || the == 0 || rank("the") != the {
		t.Fatalf("size %d then %d, rank of the %d then %d", size, size2, the, rank2("the"))
	}
}
