package senses

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// (their sizes and times), and again once one changes.
func TestWordNetReadsATermOnce(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	pole := []explorer.WeightedTerm{{Term: "delivery", Weight: 1}}
	first, err := WordNetRanks(dir, pole)
	if err != nil || first["bringing"] != senseCommon {
		t.Fatalf("first read: %v, %v", first, err)
	}
	// The synsets blanked, keeping the file's size and time: the classes
	// kept are answered, not read again.
	data := filepath.Join(dir, "data.noun")
	st, err := os.Stat(data)
	if err != nil {
		t.Fatal(err)
	}
	sensetest.WriteFile(t, data, strings.Repeat(" ", int(st.Size())))
	if err := os.Chtimes(data, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	again, err := WordNetRanks(dir, []explorer.WeightedTerm{{Term: "Delivery", Weight: 1}})
	if err != nil || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Fatalf("read again, not kept: %v, %v", again, err)
	}
	if err := os.Chtimes(data, st.ModTime(), st.ModTime().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if changed, err := WordNetRanks(dir, pole); err != nil || fmt.Sprint(changed) == fmt.Sprint(first) {
		t.Fatalf("a changed database was not read again: %v, %v", changed, err)
	}
}

// A database without cntlist.rev is one (its first senses are common).
func TestWordNetWithoutCounts(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	if err := os.Remove(filepath.Join(dir, "cntlist.rev")); err != nil {
		t.Fatal(err)
	}
	if !WordNetFiles(dir) {
		t.Fatal("not found without cntlist.rev")
	}
	rank, err := WordNetRanks(dir, []explorer.WeightedTerm{{Term: "delivery", Weight: 1}})
	if err != nil || rank["bringing"] != senseCommon {
		t.Fatalf("without counts: %v, %v", rank, err)
	}
}
