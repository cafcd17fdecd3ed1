package wordspace

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"explorer"
	wordspaceasset "explorer/assets/wordspace"
	"explorer/wordspace/lexicon"
)

// swedishDat returns the bytes of the lexicon package's small generated
// MyThes thesaurus in ISO 8859-1 (lexicon/testdata/th_sv_SE.dat).
func swedishDat(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("lexicon", "testdata", "th_sv_SE.dat"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestThesaurusSpaceSuggests(t *testing.T) {
	th, err := lexicon.ReadMythes(bytes.NewReader(swedishDat(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ThesaurusSpace(th, "SV")
	if err != nil {
		t.Fatal(err)
	}
	sug, err := s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: "bra", Weight: 1}}, 20)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]explorer.PoleSuggestion{}
	for _, x := range sug {
		got[x.Term] = x
	}
	// Synonyms, and synonyms of synonyms (förträfflig through utmärkt).
	for _, w := range []string{"god", "utmärkt", "prima", "toppen", "väl", "fint", "läcker", "förträfflig"} {
		if _, ok := got[w]; !ok {
			t.Errorf("%q not suggested: %+v", w, sug)
		}
	}
	for _, w := range []string{"dålig", "usel", "kass", "fordon", "det är bra!"} {
		if _, ok := got[w]; ok {
			t.Errorf("%q suggested", w)
		}
	}
	// A thesaurus counts nothing; a list shorter than K makes every
	// candidate reciprocal; direct synonyms come first.
	if g := got["god"]; g.Frequency != 0 || !g.Reciprocal || g.ForWord != "bra" {
		t.Errorf("god: %+v", g)
	}
	if sug[len(sug)-1].Term != "förträfflig" && sug[len(sug)-1].Term != "läcker" {
		t.Errorf("last suggestion %q is a direct synonym", sug[len(sug)-1].Term)
	}
}

// TestRegistryLoadsMythesDir loads generated thesauri from a folder as
// /usr/share/mythes holds them: named by LibreOffice, with .idx files and
// several files for one language.
func TestRegistryLoadsMythesDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.dat"), swedishDat(t), 0o644)
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.idx"), []byte("ISO8859-1\n4\nbra|10\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "th_nn_NO_v2.dat"), []byte("UTF-8\ngod|1\n-|bra\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "th_nb_NO_v2.dat"), []byte("UTF-8\ngod|1\n-|bra|fin|flink\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "th_gug_PY_v2.dat"), []byte("UTF-8\na|1\n-|b\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "th_de_DE_v2.dat"), []byte("UTF-8\ngut|1\n"), 0o644) // broken: no sense line
	r := NewRegistry(nil)
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	waitReady(t, r)
	// The thesauri load at their language's first use: none is read yet.
	for _, st := range r.Status() {
		if !st.Ready || st.Words != 0 || st.Error != "" {
			t.Fatalf("before use: %+v", r.Status())
		}
	}
	sug, err := r.Suggest(context.Background(), "sv", []explorer.WeightedTerm{{Term: "bra", Weight: 1}}, nil, 5)
	if err != nil || len(sug) == 0 || sug[0].Frequency != 0 {
		t.Fatalf("SV: %+v %v", sug, err)
	}
	_, _ = r.Space(context.Background(), "no")
	_, _ = r.Space(context.Background(), "de")
	if st := statusOf(r, "NO"); st.Words != 4 {
		t.Fatalf("NO from the larger file: %+v", st)
	}
	if st := statusOf(r, "DE"); st.Ready || !strings.Contains(st.Error, "th_de_DE_v2.dat") && !strings.Contains(st.Error, "file ends inside") {
		t.Fatalf("DE: %+v", st)
	}
	if len(r.Status()) != 3 {
		t.Fatalf("status %+v", r.Status())
	}
	// A missing folder loads nothing.
	if err := NewRegistry(nil).LoadMythesDir(filepath.Join(dir, "none")); err != nil {
		t.Fatal(err)
	}
}

// TestRegistryMythesInWordSpaceDir: --wordspace-dir takes thesauri too,
// named by language code or as LibreOffice names them.
func TestRegistryMythesInWordSpaceDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sv.dat"), swedishDat(t), 0o644)
	os.WriteFile(filepath.Join(dir, "th_da_DK.dat"), []byte("utf-8\ngod|1\n|fin|flot\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "th_da_DK.idx"), []byte("utf-8\n"), 0o644)
	r := NewRegistry(nil)
	r.CacheDir = t.TempDir()
	if err := r.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	waitReady(t, r)
	if st := statusOf(r, "SV"); !st.Ready || st.Words != 12 {
		t.Fatalf("SV: %+v", st)
	}
	if st := statusOf(r, "DA"); !st.Ready || st.Words != 3 {
		t.Fatalf("DA: %+v", st)
	}
	// Each thesaurus's space is kept in the cache folder (issue 33: a
	// build takes seconds, reading it back milliseconds) and read back by
	// the next start.
	if ents, _ := os.ReadDir(r.CacheDir); len(ents) != 2 {
		t.Fatalf("cached: %v", ents)
	}
	again := NewRegistry(nil)
	again.CacheDir = r.CacheDir
	if err := again.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	waitReady(t, again)
	if st := statusOf(again, "SV"); !st.Ready || st.Words != 12 {
		t.Fatalf("SV read back: %+v", st)
	}
}

// An embedded thesaurus's space is built once into the cache folder and
// read back from it, answering the same suggestions.
func TestEmbeddedThesaurusCached(t *testing.T) {
	cache := t.TempDir()
	suggest := func() []explorer.PoleSuggestion {
		r := NewRegistry(nil)
		r.CacheDir = cache
		r.LoadDefault()
		got, err := r.Suggest(context.Background(), "SV", []explorer.WeightedTerm{{Term: "bra", Weight: 1}}, nil, 20)
		if err != nil || len(got) == 0 {
			t.Fatalf("%v %v", got, err)
		}
		return got
	}
	built := suggest()
	files, _ := filepath.Glob(filepath.Join(cache, "SV-embedded-*.wordspace"))
	if len(files) != 1 {
		t.Fatalf("cache %v", files)
	}
	st, _ := os.Stat(files[0])
	read := suggest()
	if st2, _ := os.Stat(files[0]); !st2.ModTime().Equal(st.ModTime()) || !reflect.DeepEqual(built, read) {
		t.Fatalf("read back: %v, built: %v", read, built)
	}
}

// TestEmbeddedThesauri reads every embedded thesaurus, and builds the
// Swedish space and asks it for {bra}.
func TestEmbeddedThesauri(t *testing.T) {
	for _, e := range wordspaceasset.Spaces() {
		if e.Lang == "EN" {
			continue
		}
		if e.Lang != "SV" {
			th, err := lexicon.ReadThesaurus(bytes.NewReader(e.Data))
			if err != nil || th.Len() < 1000 {
				t.Fatalf("%s: %v", e.Lang, err)
			}
			continue
		}
		s, err := OpenEmbedded(context.Background(), e, LoadOptions{})
		if err != nil || s.Len() < 10000 || s.Lang() != e.Lang || s.HasCounts() {
			t.Fatalf("%s: %v", e.Lang, err)
		}
		sug, err := s.Suggest(context.Background(), []explorer.WeightedTerm{{Term: "bra", Weight: 1}}, 10)
		if err != nil || len(sug) != 10 {
			t.Fatalf("SV {bra}: %+v %v", sug, err)
		}
		if !slices.ContainsFunc(sug, func(x explorer.PoleSuggestion) bool { return x.Term == "utmärkt" || x.Term == "toppen" }) {
			t.Fatalf("SV {bra}: %+v", sug)
		}
	}
}
