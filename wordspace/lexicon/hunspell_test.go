package lexicon

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func testWordList(t *testing.T, name string) *WordList {
	t.Helper()
	w, err := ReadWordListFile(filepath.Join("testdata", "hunspell", name))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// A word is known as a stem, with the suffixes and prefixes its flags
// allow (their strip, add and condition), a prefix and a suffix where both
// cross, and a suffix on a suffix its continuation flags allow; not as a
// stem that needs an affix or is forbidden, nor glued or misspelt.
func TestWordListDerives(t *testing.T) {
	w := testWordList(t, "es_ES")
	known := []string{"amable", "Amables", "amor", "amores", "benévolo", "benévola", "benévolos", "benévolamente",
		"hacer", "deshacer", "limpiar", "limpiado", "relimpiado", "deslimpiar", "cómodo", "rápido", "2"}
	unknown := []string{"benévolocaritativo", "cêmodo", "miserricordioso", "amors", "amorrs", "deslimpiado",
		"rápid", "malsonante", "amabilidad", "mente", "benévolomente", ""}
	for _, k := range known {
		if !w.Known(k) {
			t.Errorf("%q unknown", k)
		}
	}
	for _, u := range unknown[:len(unknown)-1] {
		if w.Known(u) {
			t.Errorf("%q known", u)
		}
	}
	for term, want := range map[string]bool{"amable amor": true, "amor benévolocaritativo": false,
		"benévolo-caritativo": true, "benévolo-cêmodo": false, "(amable)": true} {
		if w.KnownTerm(term) != want {
			t.Errorf("KnownTerm(%q) = %v", term, !want)
		}
	}
}

// In a language that compounds words (ISO 8859-1, its .aff too, and long
// flags here), a
// run of known words is known, a part only usable in compounds too.
func TestWordListCompounds(t *testing.T) {
	w := testWordList(t, "sv_SE")
	for _, k := range []string{"hotell", "hotellen", "hotellrum", "storhotell", "båtrum", "hotell-rum", "storhotellrumen", "braås"} {
		if !w.Known(k) {
			t.Errorf("%q unknown", k)
		}
	}
	for _, u := range []string{"stor", "hotellx", "xhotell", "hotellrumx", "rumhotelltorn"} {
		if w.Known(u) {
			t.Errorf("%q known", u)
		}
	}
}

// FLAG num reads comma-separated numbers; a .dic line whose flags do not
// read is passed over; the .aff's errors and the size bound fail.
func TestWordListFlagsAndBounds(t *testing.T) {
	aff := "SET UTF-8\nFLAG num\nSFX 12 Y 1\nSFX 12 0 er .\n"
	w, err := ReadWordList(strings.NewReader(aff), strings.NewReader("2\nbil/3,12\n\"A/S\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !w.Known("biler") || w.Known("bilen") {
		t.Fatalf("num flags: biler %v, bilen %v", w.Known("biler"), w.Known("bilen"))
	}
	for _, bad := range []string{"FLAG klingon\n", "SFX A Y 1\nSFX A 0 s [ab\n", "SET EBCDIC\n", "SFX A Y\n"} {
		if _, err := ReadWordList(strings.NewReader(bad), strings.NewReader("0\n")); err == nil {
			t.Errorf("%q read", bad)
		}
	}
	defer func(n int64) { hunspellLimit = n }(hunspellLimit)
	hunspellLimit = 64
	if _, err := ReadWordList(strings.NewReader(aff), strings.NewReader("1\n"+strings.Repeat("bil/12\n", 20))); err == nil ||
		!strings.Contains(err.Error(), "larger than") {
		t.Fatalf("size bound: %v", err)
	}
}

// A word a thesaurus marks vulgar in one entry is left out of every entry.
func TestReadMythesLeavesOutVulgarWords(t *testing.T) {
	dat := "UTF-8\nmalo|2\n-|feo|cutre (vulg.)|horrible\n-|cutre|chungo|pobre\nSchrott|1\n-|Mist (derb)|Plunder\n"
	th, err := ReadMythes(strings.NewReader(dat), nil)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for i := range th.Synsets() {
		words = append(words, th.Synset(i)...)
	}
	slices.Sort(words)
	words = slices.Compact(words)
	if got := strings.Join(words, ","); got != "Plunder,Schrott,chungo,feo,horrible,malo,pobre" {
		t.Fatalf("words: %s", got)
	}
}

// An entry whose head is marked vulgar is left out whole: no line of it
// gets another word as its head, so consecutive lines keep their head.
func TestReadMythesLeavesOutAVulgarHeadsEntry(t *testing.T) {
	dat := "UTF-8\nmalo|1\n-|cutre (vulg.)|feo\ncutre|2\n-|chungo|pobre\n-|cutre|rancio\nbueno|1\n-|bonito|guapo\n"
	th, err := ReadMythes(strings.NewReader(dat), nil)
	if err != nil {
		t.Fatal(err)
	}
	var heads []string
	for _, l := range th.SenseLines() {
		heads = append(heads, th.Words()[l.Head])
	}
	if got := strings.Join(heads, ","); got != "malo,bueno" {
		t.Fatalf("heads of the lines: %s", got)
	}
}
