package wordspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"explorer/wordspace/senses"
	"explorer/wordspace/senses/sensetest"

	"explorer"
)

// With WordNet in the WordNet folder, English suggestions put a common
// sense's words first, then the words one link from it, then the words
// WordNet does not link, then a later sense's: shipment (a kind of
// bringing) now comes before package, which the space ranks higher, and
// rescue and deliverance drop. Without the folder's files nothing changes,
// and files installed later are read after the rescan interval.
func TestSuggestFollowsWordNet(t *testing.T) {
	r, clock := senseRegistry(t)
	dir := t.TempDir()
	r.LoadWordNetDir(dir)
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	space := "rescue bringing package shipment deliverance table"
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != space {
		t.Fatalf("without WordNet: %s, want the space's order %s", got, space)
	}
	sensetest.DeliveryWordNet(t, dir, 1)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != space {
		t.Fatalf("within the rescan interval: %s, want the space's order", got)
	}
	clock.add(MythesRescan)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment package table rescue deliverance" {
		t.Errorf("with WordNet: %s, want bringing shipment package table rescue deliverance", got)
	}
	if got := strings.Join(suggestTerms(t, r, explorer.WeightedTerm{Term: "delivery", Weight: 1, Declined: true}, explorer.WeightedTerm{Term: "table", Weight: 1}), " "); strings.HasPrefix(got, "bringing shipment") {
		t.Errorf("a declined term brings no senses: %s", got)
	}
}

// A WordNet folder missing a file is no WordNet: nothing changes.
func TestWordNetNeedsEveryFile(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	if !senses.WordNetFiles(dir) {
		t.Fatal("a whole database not found")
	}
	if err := os.Remove(filepath.Join(dir, "data.adv")); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(nil)
	if err := r.Add(senseSpace(t)); err != nil {
		t.Fatal(err)
	}
	r.LoadWordNetDir(dir)
	if got := strings.Join(suggestTerms(t, r, explorer.WeightedTerm{Term: "delivery", Weight: 1}), " "); got != "rescue bringing package shipment deliverance table" {
		t.Errorf("without data.adv: %s, want the space's order", got)
	}
}

// With English's thesaurus present, a WordNet installed later is looked
// for on its own, at most every rescan interval, and then used.
func TestWordNetFoundBesideAThesaurus(t *testing.T) {
	r, clock := senseRegistry(t)
	thesauri, wordnet := t.TempDir(), t.TempDir()
	sensetest.WriteMythes(t, thesauri, "th_en_US_v2", "UTF-8", sensetest.DeliveryEntries)
	if err := r.LoadMythesDir(thesauri); err != nil {
		t.Fatal(err)
	}
	r.LoadWordNetDir(wordnet)
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	mythes := "bringing shipment package table rescue deliverance"
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != mythes {
		t.Fatalf("the thesaurus's order: %s, want %s", got, mythes)
	}
	sensetest.DeliveryWordNet(t, wordnet, 9) // rescue tagged often: a common sense
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != mythes {
		t.Fatalf("within the rescan interval: %s, want %s", got, mythes)
	}
	clock.add(MythesRescan)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got == mythes {
		t.Errorf("WordNet not used after the rescan interval: %s", got)
	}
}
