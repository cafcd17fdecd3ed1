package wordspace

import (
	"strings"
	"testing"

	"explorer/wordspace/senses/sensetest"

	"explorer"
)

// With WordNet, the words it links to no sense of the pole follow the
// centroid of the linked ones: freight, near bringing and shipment (the
// goods' sense of delivery), goes before kiosk, which the space puts
// nearer delivery alone. A declined linked word still counts in the
// centroid, so declining shipment does not put kiosk first again.
func TestUnlinkedFollowTheLinkedWords(t *testing.T) {
	words := []string{"delivery", "bringing", "shipment", "kiosk", "freight"}
	vecs := [][]float32{
		{1, 0, 0, 0},
		{0.9, 0.43, 0, 0},
		{0.85, 0.5, 0.15, 0},
		{0.8, 0, 0, 0.6},
		{0.75, 0.6, 0.2, 0},
	}
	r := NewRegistry(nil)
	if err := r.Add(mustNew(t, words, vecs, nil)); err != nil {
		t.Fatal(err)
	}
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment kiosk freight" {
		t.Fatalf("without WordNet: %s, want the space's order", got)
	}
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	r.LoadWordNetDir(dir)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment freight kiosk" {
		t.Errorf("with WordNet: %s, want bringing shipment freight kiosk", got)
	}
	declined := explorer.WeightedTerm{Term: "shipment", Weight: 1, Declined: true}
	if got := strings.Join(suggestTerms(t, r, delivery, declined), " "); got != "bringing freight kiosk" {
		t.Errorf("shipment declined: %s, want bringing freight kiosk", got)
	}
}
