package wordspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"explorer/wordspace/senses/sensetest"

	"explorer"
)

// senseSpace is a made English space whose neighbours of "delivery" are,
// nearest first: rescue, bringing, package, shipment, deliverance.
func senseSpace(t *testing.T) *Space {
	words := []string{"delivery", "rescue", "bringing", "package", "shipment", "deliverance", "table"}
	vecs := [][]float32{
		{1, 0, 0, 0},
		{0.95, 0.3, 0, 0},
		{0.9, 0, 0.43, 0},
		{0.85, 0, 0, 0.52},
		{0.8, 0, 0.6, 0},
		{0.75, 0.66, 0, 0},
		{0, 0, 0, 1},
	}
	return mustNew(t, words, vecs, nil)
}

// senseRegistry is a registry of senseSpace whose rescans follow the
// clock it answers.
func senseRegistry(t *testing.T) (*Registry, *scanClock) {
	t.Helper()
	clock := &scanClock{t: time.Unix(1_700_000_000, 0)}
	r := NewRegistry(nil)
	r.now = clock.now
	if err := r.Add(senseSpace(t)); err != nil {
		t.Fatal(err)
	}
	return r, clock
}

func suggestTerms(t *testing.T, r *Registry, terms ...explorer.WeightedTerm) []string {
	t.Helper()
	list, err := r.Suggest(context.Background(), "EN", terms, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, sg := range list {
		out = append(out, sg.Term)
	}
	return out
}

// The sense order: where the thesaurus folder holds English's thesaurus
// with its index, the words of a pole term's first senses come first, the
// words of its later senses only after the words it does not list.
func TestSuggestFollowsTheSenseOrder(t *testing.T) {
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	r := NewRegistry(nil)
	if err := r.Add(senseSpace(t)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "rescue bringing package shipment deliverance table" {
		t.Fatalf("without a thesaurus: %s (the space's order)", got)
	}
	dir := t.TempDir()
	sensetest.WriteMythes(t, dir, "th_en_US_v2", "UTF-8", sensetest.DeliveryEntries)
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment package table rescue deliverance" {
		t.Errorf("with the thesaurus: %s, want bringing shipment package table rescue deliverance", got)
	}
	// A declined pole term brings no senses.
	declined := explorer.WeightedTerm{Term: "delivery", Weight: 1, Declined: true}
	if got := strings.Join(suggestTerms(t, r, explorer.WeightedTerm{Term: "table", Weight: 1}, declined), " "); got != "package bringing deliverance rescue shipment" {
		t.Errorf("{table} with delivery declined: %s, want the space's order package bringing deliverance rescue shipment", got)
	}
}

// A thesaurus without its index, or of a language whose thesaurus does
// not list senses by use, changes nothing.
func TestSenseOrderNeedsAnOrderedIndexedThesaurus(t *testing.T) {
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	for name, setup := range map[string]func(dir string){
		"no index": func(dir string) {
			sensetest.WriteMythes(t, dir, "th_en_US_v2", "UTF-8", sensetest.DeliveryEntries)
			if err := os.Remove(filepath.Join(dir, "th_en_US_v2.idx")); err != nil {
				t.Fatal(err)
			}
		},
	} {
		r := NewRegistry(nil)
		if err := r.Add(senseSpace(t)); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		setup(dir)
		if err := r.LoadMythesDir(dir); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "rescue bringing package shipment deliverance table" {
			t.Errorf("%s: %s (the space's order)", name, got)
		}
	}
	if files := indexedFiles(map[string]mythesFile{"DE": {path: "th_de_DE_v2.dat"}}); len(*files) != 0 {
		t.Errorf("a thesaurus of a language without a sense order by use was taken: %v", *files)
	}
}

// English's thesaurus installed after the folder was read is used from
// the next rescan on, without a restart.
func TestSenseOrderFoundWithoutRestart(t *testing.T) {
	r, clock := senseRegistry(t)
	dir := t.TempDir()
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	sensetest.WriteMythes(t, dir, "th_en_US_v2", "UTF-8", sensetest.DeliveryEntries)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "rescue bringing package shipment deliverance table" {
		t.Fatalf("within the rescan interval: %s (the space's order)", got)
	}
	clock.add(MythesRescan)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment package table rescue deliverance" {
		t.Errorf("after the rescan interval: %s, want the sense order", got)
	}
}
