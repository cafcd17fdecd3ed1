package poles

import "testing"

// SetPolePartsMaxForTest lowers the number of parts a pole holds until the
// test ends, so that the limit is tested without writing 10,000 rows.
// Tests using it must not run in parallel.
func SetPolePartsMaxForTest(t testing.TB, n int) {
	old := polePartsMax
	polePartsMax = n
	t.Cleanup(func() { polePartsMax = old })
}
