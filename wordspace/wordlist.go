package wordspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// SystemHunspellDir is where Debian's hunspell-* packages install their
// dictionaries; the server checks the words of a language's thesaurus
// against the dictionaries found there (--hunspell-dir).
const SystemHunspellDir = "/usr/share/hunspell"

// hunspellNames names the dictionaries read for a language (their base
// names in the folder), where the language's own code twice (de_DE, sv_SE)
// is not the one: a word any of them knows is known. Other languages read
// ll_LL, else ll, else the first ll_* by name.
var hunspellNames = map[string][]string{
	"NO": {"nb_NO", "nn_NO"}, "PT": {"pt_PT", "pt_BR"}, "EN": {"en_US", "en_GB"},
	"DA": {"da_DK"}, "SV": {"sv_SE"}, "UK": {"uk_UA"}, "AR": {"ar"}, "SL": {"sl_SI"}, "CS": {"cs_CZ"},
}

// maxHunspellFiles is how many dictionaries at most are read for a
// language.
const maxHunspellFiles = 2

// SetWordListDir names the folder of hunspell dictionaries (.dic with its
// .aff) that the words of thesaurus spaces are checked against when such
// a space is loaded; empty checks nothing. Set it before serving.
func (r *Registry) SetWordListDir(dir string) {
	r.scanMu.Lock()
	r.wordListDir = dir
	r.scanMu.Unlock()
}

// hunspellFiles returns the paths, without extension, of the dictionaries
// of language l in dir that have both files.
func hunspellFiles(dir, l string) []string {
	ll := strings.ToLower(l)
	names := hunspellNames[l]
	if names == nil {
		names = []string{ll + "_" + l, ll}
	}
	var out []string
	for _, n := range names {
		if p := filepath.Join(dir, n); exists(p+".dic") && exists(p+".aff") {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		found, _ := filepath.Glob(filepath.Join(dir, ll+"_*.dic"))
		slices.Sort(found)
		for _, f := range found {
			if p := strings.TrimSuffix(f, ".dic"); exists(p + ".aff") {
				return []string{p}
			}
		}
	}
	return out[:min(len(out), maxHunspellFiles)]
}

// readWordListFile reads the dictionary at base (.aff and .dic).
func readWordListFile(base string) (*WordList, error) {
	aff, err := os.Open(base + ".aff")
	if err != nil {
		return nil, err
	}
	defer aff.Close()
	dic, err := os.Open(base + ".dic")
	if err != nil {
		return nil, err
	}
	defer dic.Close()
	return ReadWordList(aff, dic)
}

// checked wraps the load of a thesaurus space of language l: the words of
// the loaded space that the language's dictionaries do not know are
// hidden from suggestions (hideUnknown).
func (r *Registry) checked(l string, load func(context.Context, LoadOptions) (*Space, error)) func(context.Context, LoadOptions) (*Space, error) {
	return func(ctx context.Context, opt LoadOptions) (*Space, error) {
		s, err := load(ctx, opt)
		if err != nil {
			return nil, err
		}
		r.hideUnknown(l, s)
		return s, nil
	}
}

// hideUnknown hides the words of s, not served yet, that no dictionary of
// language l in the word list folder knows (a phrase: when one of its
// words is unknown). Without a dictionary, or when one cannot be read
// (logged), nothing is hidden. The dictionaries are read for this and
// dropped: what stays is one bit per word.
func (r *Registry) hideUnknown(l string, s *Space) {
	r.scanMu.Lock()
	dir := r.wordListDir
	r.scanMu.Unlock()
	if dir == "" {
		return
	}
	paths := hunspellFiles(dir, l)
	if len(paths) == 0 {
		return
	}
	began := time.Now()
	lists := make([]*WordList, 0, len(paths))
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
		w, err := readWordListFile(p)
		if err != nil {
			r.logger.Warn("hunspell dictionary not read: the thesaurus's words are not checked", "language", l,
				"dictionary", names[i], "err", sanitize(err.Error(), p))
			return
		}
		lists = append(lists, w)
	}
	n := s.hideWords(func(word string) bool {
		return !slices.ContainsFunc(lists, func(w *WordList) bool { return w.KnownTerm(word) })
	})
	s.wordLists = strings.Join(names, "+")
	r.logger.Info("thesaurus words checked against the hunspell dictionary", "language", l, "dictionary", s.wordLists,
		"words", s.Len(), "hidden", n, "seconds", fmt.Sprintf("%.2f", time.Since(began).Seconds()))
}

// hideWords hides the words for which unknown is true from suggestions and
// answers how many; for a space not served yet.
func (s *Space) hideWords(unknown func(word string) bool) int {
	hidden := make([]uint64, (s.Len()+63)/64)
	n := 0
	for i := range s.Len() {
		if unknown(s.Word(i)) {
			hidden[i/64] |= 1 << (i % 64)
			n++
		}
	}
	if n > 0 {
		s.hidden = hidden
	}
	return n
}

// Hidden tells whether word i is never suggested (hideWords).
func (s *Space) Hidden(i int) bool {
	return s.hidden != nil && s.hidden[i/64]&(1<<(i%64)) != 0
}

// WordLists names the dictionaries the space's words were checked against
// ("" when none).
func (s *Space) WordLists() string { return s.wordLists }
