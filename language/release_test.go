package language

import "testing"

// TestReleaseReadsAgain: after Release the profiles are read again at the
// next Detect, which detects as before.
func TestReleaseReadsAgain(t *testing.T) {
	texts := []string{"the room was clean and the staff were very friendly", "we will come back next summer with the children"}
	before, ok := Detect(texts)
	Release()
	if after, ok2 := Detect(texts); after != before || ok2 != ok || before != "EN" {
		t.Fatalf("%s %v before, %s %v after Release", before, ok, after, ok2)
	}
}
