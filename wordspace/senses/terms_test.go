package senses

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer"
	"explorer/wordspace/senses/sensetest"
)

// The senses of at most MaxTerms pole terms are read: the heaviest of
// those not declined, in the pole's order among equals.
func TestTermsKeepsTheHeaviest(t *testing.T) {
	var terms []explorer.WeightedTerm
	for i := range 40 {
		terms = append(terms, explorer.WeightedTerm{Term: fmt.Sprint("t", i), Weight: float64(i % 5), Declined: i == 39})
	}
	got := Terms(terms)
	if len(got) != MaxTerms {
		t.Fatalf("%d terms: %v", len(got), got)
	}
	if got[0] != "t4" || got[6] != "t34" || got[7] != "t3" || got[31] != "t0" || strings.Contains(" "+strings.Join(got, " ")+" ", " t39 ") || strings.Contains(" "+strings.Join(got, " ")+" ", " t5 ") {
		t.Errorf("the heaviest first, the declined out, one of weight 0 last: %v", got)
	}
	if got := Terms(terms[:3]); strings.Join(got, " ") != "t0 t1 t2" {
		t.Errorf("few terms keep the pole's order: %v", got)
	}
}

// A term's classes are read once while the database's files are the same
// (a file the term no longer needs to open may even be gone), and again
// once they change.
func TestWordNetReadsATermOnce(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	pole := []explorer.WeightedTerm{{Term: "delivery", Weight: 1}}
	first, err := WordNetRanks(dir, pole)
	if err != nil || first["bringing"] != senseCommon {
		t.Fatalf("first read: %v, %v", first, err)
	}
	if err := os.Remove(filepath.Join(dir, "data.adv")); err != nil {
		t.Fatal(err)
	}
	again, err := WordNetRanks(dir, pole)
	if err != nil || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Fatalf("read again, not kept: %v, %v", again, err)
	}
	sensetest.WriteFile(t, filepath.Join(dir, "cntlist.rev"), "delivery%1:04:00:: 1 99\n")
	if _, err := WordNetRanks(dir, pole); err == nil {
		t.Fatal("a changed database was not read again (its data.adv is gone)")
	}
}
