package wordspace

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// SystemMythesDir is where Debian's mythes-* packages install LibreOffice's
// thesauri; the server loads from it the languages that have no space
// otherwise (--mythes-dir).
const SystemMythesDir = "/usr/share/mythes"

// MythesLang returns the language of a thesaurus file named as LibreOffice
// names them (th_sv_SE_v2.dat, th_da_DK.dat, thes_fr.dat), and false for
// other names (and for languages without a two-letter code, such as
// Guarani's th_gug_PY_v2.dat).
func MythesLang(name string) (string, bool) {
	if !strings.HasSuffix(name, ".dat") {
		return "", false
	}
	rest, ok := strings.CutPrefix(name, "th_")
	if !ok {
		if rest, ok = strings.CutPrefix(name, "thes_"); !ok {
			return "", false
		}
	}
	code, _, _ := strings.Cut(strings.TrimSuffix(rest, ".dat"), "_")
	l, ok := NormalizeLang(code)
	if !ok || len(code) != 2 {
		return "", false
	}
	return l, true // NormalizeLang reads NB and NN as NO (the language table)
}

// LoadMythesDir registers the thesaurus of dir (MyThes files named as
// LibreOffice names them) of every language that has no space yet, read
// at the language's first use like the embedded spaces (a damaged file
// is reported then, in the space's status): configured spaces and the embedded ones win. Where a language
// has several files (de_DE and de_CH, nb_NO and nn_NO, the es_* links),
// the largest file is used (the first by name among equals). A missing dir
// loads nothing.
func (r *Registry) LoadMythesDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	type file struct {
		path string
		size int64
	}
	best := map[string]file{}
	for _, de := range ents {
		l, ok := MythesLang(de.Name())
		if !ok {
			continue
		}
		path := filepath.Join(dir, de.Name())
		st, err := os.Stat(path) // follows links
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		if b, seen := best[l]; !seen || st.Size() > b.size {
			best[l] = file{path, st.Size()}
		}
	}
	langs := make([]string, 0, len(best))
	for l := range best {
		langs = append(langs, l)
	}
	slices.SortFunc(langs, cmp.Compare)
	for _, l := range langs {
		r.mu.RLock()
		_, has := r.langs[l]
		r.mu.RUnlock()
		if has {
			continue
		}
		r.lazy(l, best[l].path, 0, r.openFile(best[l].path))
	}
	return nil
}
