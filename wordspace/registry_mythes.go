package wordspace

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"explorer/wordspace/senses"
)

// SystemMythesDir is where Debian's mythes-* packages install LibreOffice's
// thesauri; the server loads from it the languages that have no space
// otherwise (--mythes-dir).
const SystemMythesDir = "/usr/share/mythes"

// mythesPackages names the Debian package that installs the thesaurus of
// a language into SystemMythesDir.
var mythesPackages = map[string]string{
	"AR": "mythes-ar", "BG": "mythes-bg", "CA": "mythes-ca", "CS": "mythes-cs", "DA": "mythes-da",
	"DE": "mythes-de", "EN": "mythes-en-us", "ES": "mythes-es", "FR": "mythes-fr", "GL": "mythes-gl",
	"HU": "mythes-hu", "ID": "mythes-id", "IS": "mythes-is", "IT": "mythes-it", "LV": "mythes-lv",
	"NE": "mythes-ne", "NO": "mythes-no", "PL": "mythes-pl", "PT": "mythes-pt-pt", "RO": "mythes-ro",
	"RU": "mythes-ru", "SK": "mythes-sk", "SL": "mythes-sl", "SV": "mythes-sv", "UK": "mythes-uk",
}

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

// MythesRescan is how often at most the thesaurus folder is read again
// when a language is asked that has no space (or whose space failed): a
// thesaurus installed after the server started is found on the next
// request past this interval, without a restart.
const MythesRescan = 30 * time.Second

// mythesFile is a thesaurus file as the folder's scan saw it: a failed
// language is registered again only when its file changed.
type mythesFile struct {
	path    string
	size    int64
	modTime time.Time
}

// LoadMythesDir registers the thesaurus of dir (MyThes files named as
// LibreOffice names them) of every language that has no space yet, read
// at the language's first use like the embedded spaces (a damaged file
// is reported then, in the space's status): configured spaces and the embedded ones win. Where a language
// has several files (de_DE and de_CH, nb_NO and nn_NO, the es_* links),
// the largest file is used (the first by name among equals). A missing dir
// loads nothing. The folder is read again, at most every MythesRescan
// (Registry.MythesRescan), when a language is asked that has no space.
func (r *Registry) LoadMythesDir(dir string) error {
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	r.mythesDir = dir
	return r.scanMythes(true)
}

// LoadWordNetDir sets the folder of WordNet 3.0's database (wordnet.go;
// Debian's wordnet-base: SystemWordNetDir), read at each English
// suggestion when it holds the database; a folder without it is looked at
// again with the thesaurus folder (rescanMythes). Empty: none.
func (r *Registry) LoadWordNetDir(dir string) {
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	r.wordnetDir = dir
	r.wordnetConfigured.Store(dir != "")
	r.scanWordNet(true)
}

// scanWordNet notes whether the WordNet folder holds the database
// (initial: the scan at start, which logs nothing). The caller holds
// scanMu.
func (r *Registry) scanWordNet(initial bool) {
	found := ""
	if senses.WordNetFiles(r.wordnetDir) {
		found = r.wordnetDir
	}
	if old := r.wordnet.Swap(&found); !initial && found != "" && (old == nil || *old == "") {
		r.logger.Info("WordNet found in the WordNet folder", "dir", found)
	}
}

// rescanWordNet looks for a missing WordNet database again, unless it
// was looked for less than the rescan interval ago (the language has its
// thesaurus: the folders need no scan of their own).
func (r *Registry) rescanWordNet() {
	now := r.clock()
	if now.UnixNano() < r.wordnetNext.Load() {
		return
	}
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	if now.UnixNano() < r.wordnetNext.Load() {
		return // another suggestion looked meanwhile
	}
	r.wordnetNext.Store(now.Add(r.rescanEvery()).UnixNano())
	r.scanWordNet(false)
}

// wordnetMissing tells whether a WordNet folder is configured and does
// not hold the database (yet).
func (r *Registry) wordnetMissing() bool {
	d := r.wordnet.Load()
	return r.wordnetConfigured.Load() && (d == nil || *d == "")
}

// rescanMythes reads the thesaurus folder again unless it was read less
// than the rescan interval ago, and tells whether it did.
func (r *Registry) rescanMythes() bool {
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	if r.mythesDir == "" && r.spaceDir == "" && r.wordnetDir == "" || r.clock().Sub(r.lastScan) < r.rescanEvery() {
		return false
	}
	r.lastScan = r.clock()
	r.scanWordNet(false)
	// The word space folder first: its files win over the thesauri, as at
	// start.
	if r.spaceDir != "" {
		if err := r.scanSpaceDir(r.spaceDir, false); err != nil {
			r.logger.Warn("word space folder not read", "err", err)
		}
	}
	if r.mythesDir == "" {
		return true
	}
	if err := r.scanMythes(false); err != nil {
		r.logger.Warn("thesaurus folder not read", "err", err)
	}
	return true
}

// scanMythes registers the thesauri of r.mythesDir of the languages that
// have no space, or whose thesaurus from this folder failed and whose file
// changed since (initial: the scan at start, which logs nothing). Files
// that cannot be opened are passed over. The caller holds scanMu.
func (r *Registry) scanMythes(initial bool) error {
	r.lastScan = r.clock()
	best, err := mythesFiles(r.mythesDir)
	if err != nil {
		return err
	}
	r.senseFiles.Store(indexedFiles(best))
	langs := make([]string, 0, len(best))
	for l := range best {
		langs = append(langs, l)
	}
	slices.SortFunc(langs, cmp.Compare)
	for _, l := range langs {
		r.mu.RLock()
		e, has := r.langs[l]
		r.mu.RUnlock()
		f := best[l]
		if has && !(e.mythes != nil && e.err.Load() != nil && *e.mythes != f) {
			continue
		}
		if has {
			r.logger.Info("thesaurus changed since it failed to load, registered again", "language", l, "file", filepath.Base(f.path))
		} else if !initial {
			r.logger.Info("thesaurus found in the thesaurus folder", "language", l, "file", filepath.Base(f.path))
		}
		// e.mythes is read and written only under scanMu.
		load, warm := r.checked(l, fmt.Sprintf("%s|%d|%d", f.path, f.size, f.modTime.UnixNano()), r.openFile(f.path), r.warmFile(l, f.path))
		r.lazy(l, f.path, 0, load, warm).mythes = &f
	}
	return nil
}

// indexedFiles are the paths of the files of best that have an index
// beside them (name.idx for name.dat), by language, of the languages whose
// thesaurus lists senses by use (senseOrdered): the sense order's.
func indexedFiles(best map[string]mythesFile) *map[string]string {
	out := map[string]string{}
	for l, f := range best {
		if !senses.Ordered[l] {
			continue
		}
		if st, err := os.Stat(strings.TrimSuffix(f.path, ".dat") + ".idx"); err == nil && st.Mode().IsRegular() {
			out[l] = f.path
		}
	}
	return &out
}

// mythesFiles finds the thesaurus of each language in dir (nil for a
// missing dir): the largest regular file that can be opened.
func mythesFiles(dir string) (map[string]mythesFile, error) {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	best := map[string]mythesFile{}
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
		if b, seen := best[l]; seen && st.Size() <= b.size {
			continue
		}
		if f, err := os.Open(path); err != nil {
			continue // unreadable: never offered as available
		} else {
			f.Close()
		}
		best[l] = mythesFile{path, st.Size(), st.ModTime()}
	}
	return best, nil
}
