package wordspace

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"explorer"
)

func testWordList(t *testing.T, name string) *WordList {
	t.Helper()
	w, err := readWordListFile(filepath.Join("testdata", "hunspell", name))
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

// A thesaurus's glued and misspelt entries are not suggested when its
// language has a dictionary in the word list folder, and are without one
// (issue 33, item 5).
func TestThesaurusWordsCheckedAgainstDictionary(t *testing.T) {
	dir := t.TempDir()
	dat := "UTF-8\namable|2\n-|benévolo|benévolocaritativo|caritativo\n-|cómodo|cêmodo|amores\n"
	if err := os.WriteFile(filepath.Join(dir, "th_es_ES_v2.dat"), []byte(dat), 0o644); err != nil {
		t.Fatal(err)
	}
	suggest := func(words string) []string {
		r := NewRegistry(nil)
		r.SetWordListDir(words)
		if err := r.LoadMythesDir(dir); err != nil {
			t.Fatal(err)
		}
		sug, err := r.Suggest(context.Background(), "ES", []explorer.WeightedTerm{{Term: "amable", Weight: 1}}, nil, 10)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range sug {
			out = append(out, s.Term)
		}
		slices.Sort(out)
		return out
	}
	if got := strings.Join(suggest(filepath.Join("testdata", "hunspell")), ","); got != "amores,benévolo,caritativo,cómodo" {
		t.Errorf("with the dictionary: %s", got)
	}
	all := "amores,benévolo,benévolocaritativo,caritativo,cêmodo,cómodo"
	if got := strings.Join(suggest(""), ","); got != all {
		t.Errorf("without a word list folder: %s", got)
	}
	if got := strings.Join(suggest(t.TempDir()), ","); got != all {
		t.Errorf("without a dictionary of the language: %s", got)
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

// The embedded Portuguese thesaurus checked against Debian's dictionaries
// (hunspell-pt-pt, hunspell-pt-br; .ci/run installs them): its glued and
// misspelt entries are hidden, its everyday words are not.
func TestEmbeddedPortugueseCheckedWithDebianDictionaries(t *testing.T) {
	if len(hunspellFiles(SystemHunspellDir, "PT")) < 2 {
		if os.Getenv("CI") != "" {
			t.Fatal("Debian's Portuguese hunspell dictionaries are not installed (apt-get install hunspell-pt-pt hunspell-pt-br)")
		}
		t.Skip("Debian's Portuguese hunspell dictionaries are not installed (apt-get install hunspell-pt-pt hunspell-pt-br)")
	}
	r := NewRegistry(nil)
	r.SetWordListDir(SystemHunspellDir)
	r.LoadDefault()
	s, err := r.Space(context.Background(), "PT")
	if err != nil {
		t.Fatal(err)
	}
	if s.WordLists() != "pt_PT+pt_BR" {
		t.Fatalf("dictionaries %q", s.WordLists())
	}
	for word, hidden := range map[string]bool{"cêmodo": true, "abatimentodiminuição": true, "sinalasintoma": true,
		"confortável": false, "simpático": false, "entrega": false, "tranquilo": false, "sossegado": false} {
		id, ok := s.Lookup(word)
		if !ok {
			t.Fatalf("%q not in the thesaurus", word)
		}
		if s.Hidden(id) != hidden {
			t.Errorf("%q hidden: %v", word, !hidden)
		}
	}
}

// The cache build writes which thesaurus words are hidden into the cache
// folder; a later start reads it there instead of the dictionary, and a
// changed dictionary is read again.
func TestHiddenWordsCached(t *testing.T) {
	dir, cache, words := t.TempDir(), t.TempDir(), t.TempDir()
	dat := "UTF-8\namable|1\n-|benévolo|benévolocaritativo|caritativo\n"
	os.WriteFile(filepath.Join(dir, "th_es_ES_v2.dat"), []byte(dat), 0o644)
	for _, f := range []string{"es_ES.aff", "es_ES.dic"} {
		b, _ := os.ReadFile(filepath.Join("testdata", "hunspell", f))
		os.WriteFile(filepath.Join(words, f), b, 0o644)
	}
	start := func() (*Registry, *strings.Builder) {
		var log strings.Builder
		r := NewRegistry(slog.New(slog.NewTextHandler(&log, nil)))
		r.CacheDir = cache
		r.SetWordListDir(words)
		if err := r.LoadMythesDir(dir); err != nil {
			t.Fatal(err)
		}
		return r, &log
	}
	r, log := start()
	r.WarmCaches(context.Background())
	if found, _ := filepath.Glob(filepath.Join(cache, "hidden-ES-*.bits")); len(found) != 1 || !strings.Contains(log.String(), "checked against") {
		t.Fatalf("after the cache build: %v, log %s", found, log)
	}
	check := func(r *Registry) {
		s, err := r.Space(context.Background(), "ES")
		if err != nil {
			t.Fatal(err)
		}
		for w, hidden := range map[string]bool{"benévolocaritativo": true, "benévolo": false} {
			if id, _ := s.Lookup(w); s.Hidden(id) != hidden {
				t.Errorf("%s hidden %v", w, !hidden)
			}
		}
	}
	r, log = start()
	check(r)
	if strings.Contains(log.String(), "checked against") {
		t.Fatalf("the dictionary was read again: %s", log)
	}
	os.WriteFile(filepath.Join(words, "es_ES.dic"), []byte("2\nbenévolo\ncaritativo\n"), 0o644)
	r, log = start()
	check(r)
	if !strings.Contains(log.String(), "checked against") {
		t.Fatalf("a changed dictionary was not read: %s", log)
	}
	if found, _ := filepath.Glob(filepath.Join(cache, "hidden-ES-*.bits")); len(found) != 1 {
		t.Fatalf("old files kept: %v", found)
	}
}
