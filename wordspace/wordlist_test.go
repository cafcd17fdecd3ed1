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
	if got := strings.Join(suggest(filepath.Join("lexicon", "testdata", "hunspell")), ","); got != "amores,benévolo,caritativo,cómodo" {
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
		b, _ := os.ReadFile(filepath.Join("lexicon", "testdata", "hunspell", f))
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
