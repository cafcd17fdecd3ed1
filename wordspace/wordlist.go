package wordspace

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"explorer/wordspace/lexicon"
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

// checked wraps the load and the cache build of a thesaurus space of
// language l, source naming its bytes (a hash of the embedded ones, a
// file's path, size and time): the words of the loaded space that the
// language's dictionaries do not know are hidden from suggestions
// (hideUnknown), and the cache build makes the file of hidden words too,
// so that a first use after a start reads it instead of the dictionaries.
func (r *Registry) checked(l, source string, load func(context.Context, LoadOptions) (*Space, error), warm warmFunc) (func(context.Context, LoadOptions) (*Space, error), warmFunc) {
	checkedLoad := func(ctx context.Context, opt LoadOptions) (*Space, error) {
		s, err := load(ctx, opt)
		if err != nil {
			return nil, err
		}
		r.hideUnknown(l, source, s)
		return s, nil
	}
	checkedWarm := func(ctx context.Context) (bool, error) {
		built, err := warm(ctx)
		if err != nil {
			return built, err
		}
		path, _ := r.hiddenFile(l, source)
		if path == "" || exists(path) {
			return built, nil
		}
		_, err = checkedLoad(ctx, LoadOptions{Lang: l}) // the space is dropped
		return true, err
	}
	return checkedLoad, checkedWarm
}

// hiddenFile is the file in the cache folder that keeps which words of the
// thesaurus space of language l and source are hidden, named by them, the
// thesaurus rules and the dictionaries' sizes and times, and those
// dictionaries; "" when there is no cache folder or no dictionary.
func (r *Registry) hiddenFile(l, source string) (string, []string) {
	r.scanMu.Lock()
	dir := r.wordListDir
	r.scanMu.Unlock()
	if dir == "" {
		return "", nil
	}
	paths := hunspellFiles(dir, l)
	if r.CacheDir == "" || len(paths) == 0 {
		return "", paths
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s", l, source, thesaurusRules)
	for _, p := range paths {
		for _, f := range []string{p + ".aff", p + ".dic"} {
			st, err := os.Stat(f)
			if err != nil {
				return "", paths
			}
			fmt.Fprintf(h, "\x00%s\x00%d\x00%d", f, st.Size(), st.ModTime().UnixNano())
		}
	}
	return filepath.Join(r.CacheDir, "hidden-"+l+"-"+hex.EncodeToString(h.Sum(nil)[:8])+".bits"), paths
}

// hideUnknown hides the words of s, not served yet, that no dictionary of
// language l in the word list folder knows (a phrase: when one of its
// words is unknown), or reads which from the cache folder, where it is
// written after a check. Without a dictionary, or when one cannot be read
// (logged), nothing is hidden. The dictionaries are read for this and
// dropped: what stays is one bit per word.
func (r *Registry) hideUnknown(l, source string, s *Space) {
	cached, paths := r.hiddenFile(l, source)
	if len(paths) == 0 {
		return
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	if cached != "" && s.readHidden(cached) {
		s.wordLists = strings.Join(names, "+")
		return
	}
	began := time.Now()
	lists := make([]*lexicon.WordList, 0, len(paths))
	for i, p := range paths {
		w, err := lexicon.ReadWordListFile(p)
		if err != nil {
			r.logger.Warn("hunspell dictionary not read: the thesaurus's words are not checked", "language", l,
				"dictionary", names[i], "err", sanitize(err.Error(), p))
			return
		}
		lists = append(lists, w)
	}
	n := s.hideWords(func(word string) bool {
		return !slices.ContainsFunc(lists, func(w *lexicon.WordList) bool { return w.KnownTerm(word) })
	})
	s.wordLists = strings.Join(names, "+")
	r.logger.Info("thesaurus words checked against the hunspell dictionary", "language", l, "dictionary", s.wordLists,
		"words", s.Len(), "hidden", n, "seconds", fmt.Sprintf("%.2f", time.Since(began).Seconds()))
	if cached != "" {
		if err := s.writeHidden(cached, "hidden-"+l+"-"); err != nil {
			r.logger.Warn("hidden words not kept in the cache folder", "language", l, "err", err)
		}
	}
}

// hiddenBits is the bit set of hidden words of s (all clear when none).
func (s *Space) hiddenBits() []uint64 {
	if s.hidden != nil {
		return s.hidden
	}
	return make([]uint64, (s.Len()+63)/64)
}

// writeHidden writes the hidden words of s to path (the number of words,
// then the bit set, little-endian) through a temporary file, and removes
// the other files of prefix.
func (s *Space) writeHidden(path, prefix string) error {
	bits := s.hiddenBits()
	b := binary.LittleEndian.AppendUint64(make([]byte, 0, 8+8*len(bits)), uint64(s.Len()))
	for _, w := range bits {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".hidden-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, prefix+"*.bits"))
	for _, o := range old {
		if o != path {
			os.Remove(o)
		}
	}
	return nil
}

// readHidden reads the hidden words of s from path, and tells whether the
// file was there and of s's size.
func (s *Space) readHidden(path string) bool {
	b, err := os.ReadFile(path)
	n := (s.Len() + 63) / 64
	if err != nil || len(b) != 8+8*n || binary.LittleEndian.Uint64(b) != uint64(s.Len()) {
		return false
	}
	bits := make([]uint64, n)
	any := false
	for i := range bits {
		bits[i] = binary.LittleEndian.Uint64(b[8+8*i:])
		any = any || bits[i] != 0
	}
	if any {
		s.hidden = bits
	}
	return true
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
