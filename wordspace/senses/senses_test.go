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

func TestSensesOfReadsTheIndex(t *testing.T) {
	for _, enc := range []string{"UTF-8", "ISO8859-1"} {
		dat := sensetest.WriteMythes(t, t.TempDir(), "th_en_US_v2", enc, sensetest.DeliveryEntries)
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

// The common senses of a term by WordNet's tag counts: the first
// senseFirst of a part of speech, and a later one tagged at least
// senseShare times as often as the commonest; never tagged: the first
// senseFirst.
func TestCommonSensesByTagCount(t *testing.T) {
	for _, c := range []struct {
		counts map[string][]int
		want   string
	}{
		{map[string][]int{"noun": {10, 1, 2, 4}}, "noun:[true true false true]"},
		{map[string][]int{"noun": {0, 0, 0}}, "noun:[true true false]"},
		{map[string][]int{"noun": {8, 1, 1}, "verb": {1, 0, 2}}, "noun:[true true false] verb:[true true true]"},
		{map[string][]int{"noun": {4}, "verb": {40, 1, 9}}, "noun:[true] verb:[true true false]"},
	} {
		common := commonSenses(c.counts)
		var got []string
		for _, f := range []string{"noun", "verb"} {
			if cs, ok := c.counts[f]; ok {
				var row []bool
				for i := range cs {
					row = append(row, common(f, i))
				}
				got = append(got, fmt.Sprintf("%s:%v", f, row))
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%v: %s, want %s", c.counts, strings.Join(got, " "), c.want)
		}
	}
}

// WordNet's reading: a common sense's synonyms, the words one link away
// (a hyponym, a derivation, a hypernym), the later senses' words, tag
// counts from cntlist.rev (a longer lemma with the same start left out)
// and a pole term's inflection found by its base form.
func TestWordNetRanksTheSenses(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 1)
	for _, term := range []string{"delivery", "Deliveries"} {
		rank, err := WordNetRanks(dir, []explorer.WeightedTerm{{Term: term, Weight: 1}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range []string{"delivery", "bringing", "shipment", "consignments", "deliver", "transfer", "speech manner", "rescue", "deliverance", "table", "zymurgy"} {
			c, ok := rank.of(w)
			got = append(got, fmt.Sprintf("%s=%d/%v", w, c, ok))
		}
		want := "delivery=0/true bringing=0/true shipment=1/true consignments=1/true deliver=1/true transfer=1/true speech manner=0/true rescue=3/true deliverance=3/true table=0/false zymurgy=0/false"
		if strings.Join(got, " ") != want {
			t.Errorf("%s:\n got %s\nwant %s", term, strings.Join(got, " "), want)
		}
	}
	db, err := openWordNet(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cs, err := db.tagCounts("noun", "delivery", 3); err != nil || fmt.Sprint(cs) != "[10 6 1]" {
		t.Errorf("tag counts of delivery: %v, %v, want [10 6 1]", cs, err)
	}
	if rank, err := WordNetRanks(dir, []explorer.WeightedTerm{{Term: "delivery", Weight: 1, Declined: true}, {Term: "unknown", Weight: 1}}); err != nil || len(rank) != 0 {
		t.Errorf("a declined term and one WordNet lacks: %v, %v, want nothing", rank, err)
	}
}

// A rescue sense tagged often enough is a common sense: its words come
// with the goods' (the counts decide, not only the order).
func TestWordNetCountMakesASenseCommon(t *testing.T) {
	dir := t.TempDir()
	sensetest.DeliveryWordNet(t, dir, 5)
	rank, err := WordNetRanks(dir, []explorer.WeightedTerm{{Term: "delivery", Weight: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := rank.of("rescue"); c != senseCommon {
		t.Errorf("rescue (tagged 5 of the commonest's 10) = class %d, want %d", c, senseCommon)
	}
}

// A damaged data line (counts past its fields) reads as what it holds.
func TestParseSynsetDamaged(t *testing.T) {
	for _, line := range []string{"", "00000001 05 n ff a 0", "00000001 05 n 01 word 0 099 @ 00000002 n 0000", "00000001 05 n 01 word 0 001 @ x n 0000 | g"} {
		s := parseSynset(line)
		if len(s.ptrs) != 0 {
			t.Errorf("%q: pointers %v", line, s.ptrs)
		}
	}
	s := parseSynset("00000001 05 a 02 clean(a) 0 Spick_and_Span 1 002 & 00000002 s 0000 + 00000003 v 0102 | g")
	if fmt.Sprint(s.words) != "[clean spick and span]" || len(s.ptrs) != 2 || s.ptrs[0].file != "adj" || s.ptrs[1].target != 2 || s.ptrs[1].file != "verb" {
		t.Errorf("clean: %+v", s)
	}
}
