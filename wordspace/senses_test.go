package wordspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"explorer"
)

// writeMythes writes a MyThes thesaurus (name.dat and name.idx) of
// entries (headword, then its sense lines) in encoding enc (UTF-8 or
// ISO8859-1) into dir.
func writeMythes(t *testing.T, dir, name, enc string, entries map[string][]string) string {
	t.Helper()
	heads := make([]string, 0, len(entries))
	for h := range entries {
		heads = append(heads, h)
	}
	slices.Sort(heads)
	var dat, idx strings.Builder
	dat.WriteString(enc + "\n")
	fmt.Fprintf(&idx, "%s\n%d\n", enc, len(heads))
	for _, h := range heads {
		fmt.Fprintf(&idx, "%s|%d\n", h, dat.Len())
		fmt.Fprintf(&dat, "%s|%d\n", h, len(entries[h]))
		for _, l := range entries[h] {
			dat.WriteString(l + "\n")
		}
	}
	conv := func(s string) []byte {
		if enc == "UTF-8" {
			return []byte(s)
		}
		b, ok := toLatin1(s)
		if !ok {
			t.Fatalf("%q is not ISO 8859-1", s)
		}
		return []byte(b)
	}
	path := filepath.Join(dir, name+".dat")
	if err := os.WriteFile(path, conv(dat.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".idx"), conv(idx.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// deliveryEntries are a thesaurus of "delivery" whose first senses are
// the goods' and whose later ones another sense's (WordNet's order).
var deliveryEntries = map[string][]string{
	"'s gravenhage": {"(noun)|the hague"},
	"delivery": {
		"(noun)|bringing|shipment|transfer (generic term)",
		"(noun)|parcel post|birth (generic term)",
		"(noun)|speech",
		"(noun)|rescue|deliverance",
		"(verb)|deliver|undelivery (antonym)",
	},
	"zymurgy": {"(noun)|brewing"},
	"ärger":   {"(Nom)|ennui"},
}

func TestSensesOfReadsTheIndex(t *testing.T) {
	for _, enc := range []string{"UTF-8", "ISO8859-1"} {
		dat := writeMythes(t, t.TempDir(), "th_en_US_v2", enc, deliveryEntries)
		words, index, err := SensesOf(dat, "Delivery")
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{{"bringing", "shipment"}, {"parcel post"}, {"speech"}, {"rescue", "deliverance"}, {"deliver"}}
		if fmt.Sprint(words) != fmt.Sprint(want) || fmt.Sprint(index) != "[0 1 2 3 0]" {
			t.Errorf("%s: delivery = %v %v, want %v [0 1 2 3 0] (generic terms and antonyms left out, index by part of speech)", enc, words, index, want)
		}
		for _, h := range []string{"'s gravenhage", "zymurgy", "ärger"} {
			if words, _, err := SensesOf(dat, h); err != nil || len(words) != 1 {
				t.Errorf("%s: %q (first, last, non-ASCII headword) = %v, %v", enc, h, words, err)
			}
		}
		for _, h := range []string{"aaa", "deliver", "zzz", "ärgern"} {
			if words, _, err := SensesOf(dat, h); err != nil || words != nil {
				t.Errorf("%s: %q (no such headword) = %v, %v", enc, h, words, err)
			}
		}
	}
}

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
	writeMythes(t, dir, "th_en_US_v2", "UTF-8", deliveryEntries)
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
			writeMythes(t, dir, "th_en_US_v2", "UTF-8", deliveryEntries)
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
	clock := &scanClock{t: time.Unix(1_700_000_000, 0)}
	r := NewRegistry(nil)
	r.now = clock.now
	if err := r.Add(senseSpace(t)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	writeMythes(t, dir, "th_en_US_v2", "UTF-8", deliveryEntries)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "rescue bringing package shipment deliverance table" {
		t.Fatalf("within the rescan interval: %s (the space's order)", got)
	}
	clock.add(MythesRescan)
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != "bringing shipment package table rescue deliverance" {
		t.Errorf("after the rescan interval: %s, want the sense order", got)
	}
}

// TestReadEntryReadsWhatTheHeaderCounts: an entry longer than the first
// read is read whole, a short one from the first read, and a damaged
// count reads to the file's end, at most senseEntryMax bytes.
func TestReadEntryReadsWhatTheHeaderCounts(t *testing.T) {
	long := "long|400\n" + strings.Repeat("(noun)|lengthy|extended|drawn-out\n", 400)
	other := "other|1\n(adj)|different\n"
	path := filepath.Join(t.TempDir(), "th.dat")
	if err := os.WriteFile(path, []byte("UTF-8\n"+long+other+"broken|99999\n(noun)|x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	at := int64(len("UTF-8\n"))
	b, err := readEntry(f, at)
	if err != nil || !strings.HasPrefix(string(b), long) || len(long) <= senseEntryFirst {
		t.Fatalf("long entry: %d bytes read (%v), entry %d bytes", len(b), err, len(long))
	}
	words, _ := parseEntry(b, false)
	if len(words) != 400 {
		t.Fatalf("long entry: %d senses", len(words))
	}
	if b, err = readEntry(f, at+int64(len(long))); err != nil || !strings.HasPrefix(string(b), other) || len(b) > senseEntryFirst {
		t.Fatalf("short entry: %q (%v)", b, err)
	}
	if b, err = readEntry(f, at+int64(len(long)+len(other))); err != nil || string(b) != "broken|99999\n(noun)|x\n" {
		t.Fatalf("damaged count: %q (%v)", b, err)
	}
}
