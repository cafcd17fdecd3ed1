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

// The sense classes are a bonus, not tiers (round soft14): freight, which
// WordNet does not link to delivery but the space puts near it and its
// common sense, goes before shipment, a hyponym of that sense the space
// puts far from both (strict tiers put shipment first, transfer next);
// transfer, a hypernym, earns no bonus and stays after kiosk, an unlinked
// word a little nearer (a one-link word's bonus would lift it past kiosk).
func TestSenseClassesAreABonus(t *testing.T) {
	words := []string{"delivery", "bringing", "freight", "shipment", "transfer", "kiosk"}
	vecs := [][]float32{
		{1, 0, 0, 0},
		{0.9, 0.43, 0, 0},
		{0.86, 0.5, 0.1, 0},
		{0.5, 0.3, 0.81, 0},
		{0.8, 0.3, 0, 0.52},
		{0.85, 0.12, 0, 0.5},
	}
	r := NewRegistry(nil)
	if err := r.Add(mustNew(t, words, vecs, nil)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	r.LoadWordNetDir(dir)
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing freight kiosk transfer shipment" {
		t.Errorf("with WordNet: %s, want bringing freight kiosk transfer shipment", got)
	}
}

// The centroid of the linked words is WordNet's linked words the space
// puts near the pole, not those of the list: declining shipment, which
// takes its inflection shipments out of the list too, leaves freight
// before kiosk (a centroid of the listed words lost shipments and put
// kiosk, near shipments, first before the decline and second after it).
func TestDeclineKeepsTheLinkedCentroid(t *testing.T) {
	words := []string{"delivery", "bringing", "shipment", "shipments", "freight", "kiosk"}
	vecs := [][]float32{
		{1, 0, 0, 0},
		{0.9, 0.43, 0, 0},
		{0.8, 0.6, 0, 0},
		{0.6, 0, 0, 0.8},
		{0.78, 0.6, 0.2, 0},
		{0.82, 0, 0, 0.57},
	}
	r := NewRegistry(nil)
	if err := r.Add(mustNew(t, words, vecs, nil)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	r.LoadWordNetDir(dir)
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	declined := explorer.WeightedTerm{Term: "shipment", Weight: 1, Declined: true}
	for _, c := range []struct {
		terms []explorer.WeightedTerm
		want  string
	}{
		{[]explorer.WeightedTerm{delivery}, "bringing shipment freight kiosk shipments"},
		{[]explorer.WeightedTerm{delivery, declined}, "bringing freight kiosk"},
	} {
		if got := strings.Join(suggestTerms(t, r, c.terms...), " "); got != c.want {
			t.Errorf("%v: %s, want %s", c.terms, got, c.want)
		}
	}
}
