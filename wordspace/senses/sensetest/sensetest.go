// Package sensetest writes made thesauri and WordNet databases for the
// tests of the sense order (senses) and of the registry that uses it.
package sensetest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// WriteMythes writes a MyThes thesaurus (name.dat and name.idx) of
// entries (headword, then its sense lines) in encoding enc (UTF-8 or
// ISO8859-1) into dir.
func WriteMythes(t testing.TB, dir, name, enc string, entries map[string][]string) string {
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
		b, err := charmap.ISO8859_1.NewEncoder().String(s)
		if err != nil {
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

// DeliveryEntries are a thesaurus of "delivery" whose first senses are
// the goods' and whose later ones another sense's (WordNet's order).
var DeliveryEntries = map[string][]string{
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

// Synset is a synset of a made WordNet database: its data file, words
// and pointers ("sym id": a pointer to the synset id of the same map).
type Synset struct {
	File  string
	Words []string
	Ptrs  []string
}

// WriteWordNet writes a miniature WordNet 3.0 database into dir: the data
// and index files of the four parts of speech (offsets computed as the
// real files have them, a licence header first) and cntlist.rev from
// counts ("lemma%key" to "sense_number count"). lemmas lists each lemma's
// synset ids by part of speech, the commonest first.
func WriteWordNet(t testing.TB, dir string, synsets map[string]Synset, lemmas map[string][]string, counts map[string]string) {
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
		fmt.Fprintf(&b, "%08d 05 %s %02x", off[id], letter(s.File), len(s.Words))
		for _, w := range s.Words {
			fmt.Fprintf(&b, " %s 0", w)
		}
		fmt.Fprintf(&b, " %03d", len(s.Ptrs))
		for _, p := range s.Ptrs {
			sym, to, _ := strings.Cut(p, " ")
			fmt.Fprintf(&b, " %s %08d %s 0000", sym, off[to], letter(synsets[to].File))
		}
		return b.String() + " | a gloss  \n"
	}
	for _, id := range ids { // offsets: every line has the same width whatever they are
		f := synsets[id].File
		off[id] = len(header) + size[f]
		size[f] += len(line(id))
	}
	data := map[string]*strings.Builder{}
	for _, p := range wordnetFiles {
		data[p] = &strings.Builder{}
		data[p].WriteString(header)
	}
	for _, id := range ids {
		data[synsets[id].File].WriteString(line(id))
	}
	index := map[string][]string{}
	for key, list := range lemmas {
		lemma, file, _ := strings.Cut(key, " ")
		offs := make([]string, len(list))
		for i, id := range list {
			offs[i] = fmt.Sprintf("%08d", off[id])
		}
		index[file] = append(index[file], fmt.Sprintf("%s %s %d 0 %d 0 %s  ", lemma, letter(file), len(list), len(list), strings.Join(offs, " ")))
	}
	for _, p := range wordnetFiles {
		slices.Sort(index[p])
		WriteFile(t, filepath.Join(dir, "data."+p), data[p].String())
		WriteFile(t, filepath.Join(dir, "index."+p), header+strings.Join(append(index[p], ""), "\n"))
	}
	var cnt []string
	for k, v := range counts {
		cnt = append(cnt, k+" "+v)
	}
	slices.Sort(cnt)
	WriteFile(t, filepath.Join(dir, "cntlist.rev"), strings.Join(append(cnt, ""), "\n"))
}

// wordnetFiles are the suffixes of WordNet's data and index files.
var wordnetFiles = []string{"noun", "verb", "adj", "adv"}

func letter(file string) string {
	return map[string]string{"noun": "n", "verb": "v", "adj": "a", "adv": "r"}[file]
}

func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// DeliveryWordNet is a WordNet in which delivery's commonest sense is the
// goods' (bringing, with shipment a kind of it and deliver its verb), its
// second a speech's and its third, rarely tagged, a rescue's.
func DeliveryWordNet(t testing.TB, dir string, rescueCount int) {
	t.Helper()
	WriteWordNet(t, dir, map[string]Synset{
		"a-bringing":    {File: "noun", Words: []string{"delivery", "bringing"}, Ptrs: []string{"~ b-shipment", "+ d-deliver", "@ c-transfer"}},
		"b-shipment":    {File: "noun", Words: []string{"shipment", "consignment"}, Ptrs: []string{"@ a-bringing"}},
		"c-transfer":    {File: "noun", Words: []string{"transfer"}, Ptrs: []string{"~ a-bringing", "~ g-table"}},
		"d-deliver":     {File: "verb", Words: []string{"deliver"}, Ptrs: []string{"+ a-bringing"}},
		"e-speech":      {File: "noun", Words: []string{"delivery", "speech_manner"}},
		"f-rescue":      {File: "noun", Words: []string{"rescue", "deliverance", "delivery"}},
		"g-table":       {File: "noun", Words: []string{"table"}, Ptrs: []string{"@ c-transfer"}},
		"h-zymurgy":     {File: "noun", Words: []string{"zymurgy"}},
		"i-unconnected": {File: "adj", Words: []string{"spotless"}},
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
