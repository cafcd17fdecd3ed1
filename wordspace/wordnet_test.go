package wordspace

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"explorer"
)

// wnSynset is a synset of a made WordNet database: its data file, words
// and pointers ("sym id": a pointer to the synset id of the same map).
type wnSynset struct {
	file  string
	words []string
	ptrs  []string
}

// writeWordNet writes a miniature WordNet 3.0 database into dir: the data
// and index files of the four parts of speech (offsets computed as the
// real files have them, a licence header first) and cntlist.rev from
// counts ("lemma%key" to "sense_number count"). senses lists each lemma's
// synset ids by part of speech, the commonest first.
func writeWordNet(t *testing.T, dir string, synsets map[string]wnSynset, senses map[string][]string, counts map[string]string) {
	t.Helper()
	ids := make([]string, 0, len(synsets))
	for id := range synsets {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	const header = "  1 This is a made miniature of the WordNet 3.0 database for tests.  \n"
	off := map[string]int{}
	size := map[string]int{}
	line := func(id string) string {
		s := synsets[id]
		var b strings.Builder
		fmt.Fprintf(&b, "%08d 05 %s %02x", off[id], wnLetter(s.file), len(s.words))
		for _, w := range s.words {
			fmt.Fprintf(&b, " %s 0", w)
		}
		fmt.Fprintf(&b, " %03d", len(s.ptrs))
		for _, p := range s.ptrs {
			sym, to, _ := strings.Cut(p, " ")
			fmt.Fprintf(&b, " %s %08d %s 0000", sym, off[to], wnLetter(synsets[to].file))
		}
		return b.String() + " | a gloss  \n"
	}
	for _, id := range ids { // offsets: every line has the same width whatever they are
		f := synsets[id].file
		off[id] = len(header) + size[f]
		size[f] += len(line(id))
	}
	data := map[string]*strings.Builder{}
	for _, p := range wordnetPOS {
		data[p.file] = &strings.Builder{}
		data[p.file].WriteString(header)
	}
	for _, id := range ids {
		data[synsets[id].file].WriteString(line(id))
	}
	index := map[string][]string{}
	for key, list := range senses {
		lemma, file, _ := strings.Cut(key, " ")
		offs := make([]string, len(list))
		for i, id := range list {
			offs[i] = fmt.Sprintf("%08d", off[id])
		}
		index[file] = append(index[file], fmt.Sprintf("%s %s %d 0 %d 0 %s  ", lemma, wnLetter(file), len(list), len(list), strings.Join(offs, " ")))
	}
	for _, p := range wordnetPOS {
		slices.Sort(index[p.file])
		writeFile(t, filepath.Join(dir, "data."+p.file), data[p.file].String())
		writeFile(t, filepath.Join(dir, "index."+p.file), header+strings.Join(append(index[p.file], ""), "\n"))
	}
	var cnt []string
	for k, v := range counts {
		cnt = append(cnt, k+" "+v)
	}
	slices.Sort(cnt)
	writeFile(t, filepath.Join(dir, "cntlist.rev"), strings.Join(append(cnt, ""), "\n"))
}

func wnLetter(file string) string {
	return map[string]string{"noun": "n", "verb": "v", "adj": "a", "adv": "r"}[file]
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// deliveryWordNet is a WordNet in which delivery's commonest sense is the
// goods' (bringing, with shipment a kind of it and deliver its verb), its
// second a speech's and its third, rarely tagged, a rescue's.
func deliveryWordNet(t *testing.T, dir string, rescueCount int) {
	writeWordNet(t, dir, map[string]wnSynset{
		"a-bringing":    {file: "noun", words: []string{"delivery", "bringing"}, ptrs: []string{"~ b-shipment", "+ d-deliver", "@ c-transfer"}},
		"b-shipment":    {file: "noun", words: []string{"shipment", "consignment"}, ptrs: []string{"@ a-bringing"}},
		"c-transfer":    {file: "noun", words: []string{"transfer"}, ptrs: []string{"~ a-bringing", "~ g-table"}},
		"d-deliver":     {file: "verb", words: []string{"deliver"}, ptrs: []string{"+ a-bringing"}},
		"e-speech":      {file: "noun", words: []string{"delivery", "speech_manner"}},
		"f-rescue":      {file: "noun", words: []string{"rescue", "deliverance", "delivery"}},
		"g-table":       {file: "noun", words: []string{"table"}, ptrs: []string{"@ c-transfer"}},
		"h-zymurgy":     {file: "noun", words: []string{"zymurgy"}},
		"i-unconnected": {file: "adj", words: []string{"spotless"}},
	}, map[string][]string{
		"delivery noun":    {"a-bringing", "e-speech", "f-rescue"},
		"deliverance noun": {"f-rescue"},
		"shipment noun":    {"b-shipment"},
		"zymurgy noun":     {"h-zymurgy"},
		"deliver verb":     {"d-deliver"},
		"spotless adj":     {"i-unconnected"},
	}, map[string]string{
		"delivery%1:04:00::":    "1 10",
		"delivery%1:10:00::":    "2 6",
		"delivery%1:04:01::":    fmt.Sprintf("3 %d", rescueCount),
		"deliveryman%1:18:00::": "1 3",
		"deliver%2:40:00::":     "1 30",
	})
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
	deliveryWordNet(t, dir, 1)
	for _, term := range []string{"delivery", "Deliveries"} {
		rank, err := wordnetRanks(dir, []explorer.WeightedTerm{{Term: term, Weight: 1}})
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
	if rank, err := wordnetRanks(dir, []explorer.WeightedTerm{{Term: "delivery", Weight: 1, Declined: true}, {Term: "unknown", Weight: 1}}); err != nil || len(rank) != 0 {
		t.Errorf("a declined term and one WordNet lacks: %v, %v, want nothing", rank, err)
	}
}

// A rescue sense tagged often enough is a common sense: its words come
// with the goods' (the counts decide, not only the order).
func TestWordNetCountMakesASenseCommon(t *testing.T) {
	dir := t.TempDir()
	deliveryWordNet(t, dir, 5)
	rank, err := wordnetRanks(dir, []explorer.WeightedTerm{{Term: "delivery", Weight: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := rank.of("rescue"); c != senseCommon {
		t.Errorf("rescue (tagged 5 of the commonest's 10) = class %d, want %d", c, senseCommon)
	}
}

// With WordNet in the WordNet folder, English suggestions put a common
// sense's words first, then the words one link from it, then the words
// WordNet does not link, then a later sense's: shipment (a kind of
// bringing) now comes before package, which the space ranks higher, and
// rescue and deliverance drop. Without the folder's files nothing changes,
// and files installed later are read after the rescan interval.
func TestSuggestFollowsWordNet(t *testing.T) {
	clock := &scanClock{t: time.Unix(1_700_000_000, 0)}
	r := NewRegistry(nil)
	r.now = clock.now
	if err := r.Add(senseSpace(t)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r.LoadWordNetDir(dir)
	delivery := explorer.WeightedTerm{Term: "delivery", Weight: 1}
	space := "rescue bringing package shipment deliverance table"
	if got := strings.Join(suggestTerms(t, r, delivery), " "); got != space {
		t.Fatalf("without WordNet: %s, want the space's order %s", got, space)
	}
	deliveryWordNet(t, dir, 1)
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
	deliveryWordNet(t, dir, 1)
	if !wordnetFiles(dir) {
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
