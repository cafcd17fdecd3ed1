package wordspace

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"explorer"
	wordspaceasset "explorer/assets/wordspace"
	"explorer/language"
	"explorer/wordspace/senses"
)

// RetryAfter is the number of seconds a caller is told to wait while a
// language's word space is loading.
const RetryAfter = 5

// Registry serves the word spaces of several languages, loaded in the
// background. It implements explorer.WordSpaces.
type Registry struct {
	// CacheDir holds the own-format conversions of text spaces (see
	// OpenServed); empty converts nothing. Set it before loading.
	CacheDir string
	// MythesRescan is how often at most the thesaurus folder of
	// LoadMythesDir is read again when a language without a space is
	// asked; zero is MythesRescan (30 s). Set it before serving.
	MythesRescan time.Duration

	logger *slog.Logger
	// now is the clock of the rescans (time.Now when nil; tests set it).
	now func() time.Time
	// scanMu guards mythesDir, spaceDir, wordListDir, lastScan and the
	// entries' mythes.
	scanMu    sync.Mutex
	mythesDir string
	spaceDir  string
	// wordListDir is the folder of hunspell dictionaries (wordlist.go).
	wordListDir string
	lastScan    time.Time
	// slots admits as many searches at once as there are cores: each
	// search uses the cores itself, so more would only make every one of
	// them, and the server's other requests, wait longer. Waiting
	// searches are admitted in turn.
	slots chan struct{}
	// senseFiles are the thesaurus files with an index of the thesaurus
	// folder, by language, read for the sense order (senses.go) whatever
	// space answers the language; set at each scan of the folder.
	senseFiles atomic.Pointer[map[string]string]
	// wordnetDir is the configured WordNet folder (wordnet.go; under
	// scanMu), wordnet the folder when it holds the database, "" when
	// not: checked at each scan, so one installed later is used.
	wordnetDir        string
	wordnet           atomic.Pointer[string]
	wordnetConfigured atomic.Bool
	// wordnetNext is when a missing WordNet is looked for again (Unix
	// nanoseconds; rescanWordNet), read without scanMu.
	wordnetNext atomic.Int64
	mu          sync.RWMutex
	langs       map[string]*entry
	wg          sync.WaitGroup
}

var _ explorer.WordSpaces = (*Registry)(nil)

type entry struct {
	lang     string
	source   string // a path, or "embedded"
	explicit bool   // configured with --wordspace (wins over a directory)
	progress atomic.Uint64
	ready    chan struct{} // closed when loading ended
	space    atomic.Pointer[Space]
	err      atomic.Pointer[string]
	cancel   context.CancelFunc
	// load, set for a space loaded at its language's first use, starts
	// the load in the background (once: concurrent first requests share
	// it, and wait for ready as long as their own deadline allows);
	// words is its number of words, read from its header. open is what
	// load runs, kept to register the space again once it is let go
	// (UnloadUnused); used is when Space last answered it (Unix ns).
	load  func()
	words int
	open  func(context.Context, LoadOptions) (*Space, error)
	used  atomic.Int64
	// warm builds the cache file of a space loaded at first use
	// (WarmCaches); nil when it has none to build.
	warm warmFunc
	// mythes is the file of a thesaurus found in the thesaurus folder
	// (nil for other sources); guarded by the registry's scanMu.
	mythes *mythesFile
}

func (e *entry) setProgress(p float64) { e.progress.Store(math.Float64bits(p)) }
func (e *entry) getProgress() float64  { return math.Float64frombits(e.progress.Load()) }

func (e *entry) done() bool {
	select {
	case <-e.ready:
		return true
	default:
		return false
	}
}

// NewRegistry returns an empty registry; a nil logger discards the logs.
func NewRegistry(logger *slog.Logger) *Registry {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Registry{logger: logger, langs: map[string]*entry{}, slots: make(chan struct{}, workers())}
}

// NormalizeLang returns the code a language's space is kept under: the
// language table's canonical code (upper case, NB and NN read as NO), and
// whether lang (spaces around it trimmed) is an ISO 639-1 code.
func NormalizeLang(lang string) (string, bool) {
	l := strings.TrimSpace(lang)
	if c, ok := language.Canonical(l); ok {
		return c, true
	}
	return strings.ToUpper(l), false
}

// LoadFile loads the space of lang from path in the background, replacing
// any space the language had. Progress goes to the log and to Status.
func (r *Registry) LoadFile(lang, path string) error {
	l, ok := NormalizeLang(lang)
	if !ok {
		return fmt.Errorf("word space language %q is not a two-letter ISO 639-1 code", lang)
	}
	r.start(l, path, true, r.openFile(path))
	return nil
}

// openFile loads path for serving, through the cache folder.
func (r *Registry) openFile(path string) func(context.Context, LoadOptions) (*Space, error) {
	return func(ctx context.Context, opt LoadOptions) (*Space, error) {
		return OpenServed(ctx, path, r.CacheDir, opt)
	}
}

// LoadDir loads every file of dir named by a language code (en.vec,
// sv.wordspace, DE.bin: the name before the first dot) in the background.
// Languages configured with LoadFile keep their file.
func (r *Registry) LoadDir(dir string) error {
	r.scanMu.Lock()
	r.spaceDir = dir
	r.scanMu.Unlock()
	return r.scanSpaceDir(dir, true)
}

// scanSpaceDir registers the spaces of dir (LoadDir): at start (initial)
// every language not configured explicitly, loaded in the background;
// on a rescan only the languages without a space, loaded at first use.
func (r *Registry) scanSpaceDir(dir string, initial bool) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	seen := map[string]string{}
	for _, de := range ents {
		l, ok := r.spaceFileLang(de, initial)
		if !ok {
			continue
		}
		if prev, dup := seen[l]; dup {
			if initial {
				r.logger.Warn("word space directory: several files for one language, the first is used", "language", l, "used", prev, "skipped", de.Name())
			}
			continue
		}
		seen[l] = de.Name()
		r.mu.RLock()
		e := r.langs[l]
		r.mu.RUnlock()
		path := filepath.Join(dir, de.Name())
		switch {
		case initial && e != nil && e.explicit:
			r.logger.Info("word space directory: language configured explicitly, file skipped", "language", l, "file", de.Name())
		case initial:
			r.start(l, path, false, r.openFile(path))
		case e == nil:
			r.logger.Info("word space found in the word space directory", "language", l, "file", de.Name())
			r.lazy(l, path, 0, r.openFile(path), r.warmFile(l, path))
		}
	}
	return nil
}

// spaceFileLang is the language of a file of the word space directory
// (named by a language code before its first dot, or as LibreOffice names
// thesauri), false for a file that is none (warned about at start).
func (r *Registry) spaceFileLang(de os.DirEntry, initial bool) (string, bool) {
	if de.IsDir() || strings.HasPrefix(de.Name(), ".") || strings.HasSuffix(de.Name(), ".counts") {
		return "", false
	}
	if strings.HasSuffix(de.Name(), ".idx") {
		return "", false // a thesaurus's index, which is not needed
	}
	base, _, _ := strings.Cut(de.Name(), ".")
	l, ok := NormalizeLang(base)
	if ml, isMythes := MythesLang(de.Name()); isMythes {
		base, l, ok = ml, ml, true
	}
	if !ok || len(base) != 2 {
		if initial {
			r.logger.Warn("word space directory: file not named by a language code, skipped", "file", de.Name())
		}
		return "", false
	}
	return l, true
}

// LoadDefault registers the embedded spaces (wordspaceasset.Spaces():
// English and the embeddable thesauri), each unless a space for its
// language is configured already. An embedded space is loaded at its
// language's first use (well under a second for English, in place; a
// thesaurus builds its space), so that a server whose users never ask for
// a language keeps none of its space in memory; until then it counts as
// ready.
func (r *Registry) LoadDefault() {
	for _, sp := range wordspaceasset.Spaces() {
		r.mu.RLock()
		_, has := r.langs[sp.Lang]
		r.mu.RUnlock()
		if has {
			continue
		}
		words, err := headerWords(sp.Data)
		if err != nil {
			r.logger.Error("embedded word space is damaged", "language", sp.Lang, "err", err)
			continue
		}
		load := func(ctx context.Context, opt LoadOptions) (*Space, error) {
			return openEmbeddedCached(ctx, sp, r.CacheDir, opt)
		}
		warm := r.warmEmbedded(sp)
		if !bytes.HasPrefix(sp.Data, []byte(magic)) { // a thesaurus
			sum := sha256.Sum256(sp.Data)
			load, warm = r.checked(sp.Lang, "embedded-"+hex.EncodeToString(sum[:8]), load, warm)
		}
		r.lazy(sp.Lang, "embedded", words, load, warm)
	}
}

// lazy registers a space of language l that load reads at the language's
// first use; until then it counts as ready, with words (0 when unknown
// before loading). The load runs in the background, not in the request
// that started it: a request whose deadline passes first is answered
// EUNAVAILABLE (Space) and the load goes on for the next one.
func (r *Registry) lazy(l, source string, words int, load func(context.Context, LoadOptions) (*Space, error), warm warmFunc) *entry {
	e := r.lazyEntry(l, source, words, load, warm)
	r.replace(l, e)
	return e
}

// lazyEntry is the entry of a space that load reads at first use.
func (r *Registry) lazyEntry(l, source string, words int, load func(context.Context, LoadOptions) (*Space, error), warm warmFunc) *entry {
	ctx, cancel := context.WithCancel(context.Background())
	e := &entry{lang: l, source: source, ready: make(chan struct{}), cancel: cancel, words: words, warm: warm, open: load}
	// Not counted in r.wg: Wait is for the loads started at start, and
	// a first use may come while it waits. Waiters wait for e.ready.
	e.load = sync.OnceFunc(func() { go r.run(ctx, e, load) })
	return e
}

// clock is the registry's time.
func (r *Registry) clock() time.Time {
	if r.now != nil {
		return r.now()
	}
	return time.Now()
}

// entry is the space registered for language l, or nil. A language that
// has none, or whose space failed to load, makes the thesaurus folder be
// read again (at most every MythesRescan), so a thesaurus installed since
// is found.
func (r *Registry) entry(l string) *entry {
	r.mu.RLock()
	e := r.langs[l]
	r.mu.RUnlock()
	if (e == nil || e.err.Load() != nil) && r.rescanMythes() {
		r.mu.RLock()
		e = r.langs[l]
		r.mu.RUnlock()
	}
	return e
}

// Add registers a space that is already in memory.
func (r *Registry) Add(s *Space) error {
	l, ok := NormalizeLang(s.lang)
	if !ok {
		return fmt.Errorf("word space language %q is not a two-letter ISO 639-1 code", s.lang)
	}
	e := &entry{lang: l, source: "memory", explicit: true, ready: make(chan struct{}), cancel: func() {}}
	e.space.Store(s)
	e.setProgress(1)
	close(e.ready)
	r.replace(l, e)
	return nil
}

func (r *Registry) replace(l string, e *entry) {
	r.mu.Lock()
	old := r.langs[l]
	r.langs[l] = e
	r.mu.Unlock()
	if old != nil {
		old.cancel()
	}
}

// start loads a space in the background. The space is served (and the
// registry ready) only once load returned it able to answer at its served
// speed: with its approximate index when it is large.
func (r *Registry) start(l, source string, explicit bool, load func(context.Context, LoadOptions) (*Space, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	e := &entry{lang: l, source: source, explicit: explicit, ready: make(chan struct{}), cancel: cancel}
	r.replace(l, e)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		r.run(ctx, e, load)
	}()
}

// run loads e's space with load, logging its progress, and marks e ready.
func (r *Registry) run(ctx context.Context, e *entry, load func(context.Context, LoadOptions) (*Space, error)) {
	l, source := e.lang, e.source
	defer close(e.ready)
	began := time.Now()
	r.logger.Info("word space loading", "language", l, "source", source)
	var lastLog time.Time
	lastPct := -1
	opt := LoadOptions{Lang: l, Progress: func(done, total int64) {
		if total <= 0 {
			return
		}
		p := min(float64(done)/float64(total), 1)
		e.setProgress(p * 0.999)
		pct := int(p * 100)
		if pct/10 != lastPct/10 && time.Since(lastLog) > time.Second {
			lastLog, lastPct = time.Now(), pct
			r.logger.Info("word space loading", "language", l, "progress", fmt.Sprintf("%d%%", pct))
		}
	}}
	s, err := load(ctx, opt)
	if err != nil {
		msg := err.Error()
		e.err.Store(&msg)
		r.logger.Error("word space failed to load", "language", l, "source", source, "err", err)
		return
	}
	s.lang = l
	e.space.Store(s)
	e.setProgress(1)
	r.logger.Info("word space ready", "language", l, "words", s.Len(), "dim", s.Dim(),
		"counts", s.HasCounts(), "probes", s.Probes(), "seconds", time.Since(began).Seconds())
}

// Wait blocks until every load started so far has ended (the approximate
// indexes included), or ctx ends.
func (r *Registry) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Ready tells whether every configured space has finished loading
// (successfully or not).
func (r *Registry) Ready() bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, e := range r.langs {
		if !e.done() && e.load == nil {
			return false
		}
	}
	return true
}

// Space returns the loaded space of a language, or an explorer
// error: EUNAVAILABLE with RetryAfter while it loads, ECONFLICT naming the
// available languages when it has none. A space loaded at first use is
// waited for until ctx ends, then EUNAVAILABLE (its load goes on).
func (r *Registry) Space(ctx context.Context, lang string) (*Space, error) {
	l, _ := NormalizeLang(lang)
	e := r.entry(l)
	if e != nil && e.load != nil {
		e.used.Store(r.clock().UnixNano())
		e.load()
		select {
		case <-e.ready:
		case <-ctx.Done():
			return nil, &explorer.Error{Code: explorer.EUNAVAILABLE, RetryAfter: RetryAfter, Err: ctx.Err(),
				Message: fmt.Sprintf("the word space for %s is being loaded (%d%%): try again in a moment", l, int(e.getProgress()*100))}
		}
	}
	if e != nil {
		if s := e.space.Load(); s != nil {
			return s, nil
		}
		if !e.done() {
			return nil, &explorer.Error{Code: explorer.EUNAVAILABLE, RetryAfter: RetryAfter,
				Message: fmt.Sprintf("the word space for %s is still loading (%d%%)", l, int(e.getProgress()*100))}
		}
	}
	return nil, r.missing(l, e)
}

// missing is the ECONFLICT of a language l without a space (e nil) or
// whose space failed to load: what was looked for, and the languages
// available. No path is named: the thesaurus folder is the configured one.
func (r *Registry) missing(l string, e *entry) error {
	var b strings.Builder
	fmt.Fprintf(&b, "no word space for language %s", l)
	r.scanMu.Lock()
	folder, spaces, fromFolder := r.mythesDir, r.spaceDir != "", e != nil && e.mythes != nil
	r.scanMu.Unlock()
	switch {
	case fromFolder:
		fmt.Fprintf(&b, ": the thesaurus for %s in the configured thesaurus folder failed to load (a corrected file is read again within %s)", l, r.rescanEvery())
	case e != nil:
		fmt.Fprintf(&b, ": its word space failed to load")
	case folder != "" || spaces:
		b.WriteString(": " + r.howToAdd(l, folder, spaces))
	}
	if avail := r.available(); len(avail) > 0 {
		fmt.Fprintf(&b, "; available: %s", strings.Join(avail, ", "))
	} else {
		b.WriteString("; no language has one")
	}
	return explorer.Errorf(explorer.ECONFLICT, "%s", b.String())
}

// howToAdd tells how language l gets a space without a restart: its
// thesaurus in the thesaurus folder (the Debian package that installs it,
// when that folder is the system's), or a file named by its code in the
// word space folder; each is found within the rescan interval. It names
// no path.
func (r *Registry) howToAdd(l, folder string, spaces bool) string {
	var ways []string
	pkg, known := mythesPackages[l]
	switch {
	case known && folder == SystemMythesDir:
		ways = append(ways, "install the Debian package "+pkg)
	case known && folder != "":
		ways = append(ways, fmt.Sprintf("put its thesaurus (th_%s_*.dat, as the Debian package %s installs it) in the configured thesaurus folder", strings.ToLower(l), pkg))
	case folder != "":
		ways = append(ways, fmt.Sprintf("put a thesaurus for %s (th_%s_*.dat) in the configured thesaurus folder", l, strings.ToLower(l)))
	}
	if spaces {
		ways = append(ways, fmt.Sprintf("put a word space file named %s.vec in the configured word space folder", strings.ToLower(l)))
	}
	return strings.Join(ways, ", or ") + fmt.Sprintf(" (found within %s, no restart needed)", r.rescanEvery())
}

// rescanEvery is the interval in force between reads of the thesaurus
// folder.
func (r *Registry) rescanEvery() time.Duration {
	if r.MythesRescan > 0 {
		return r.MythesRescan
	}
	return MythesRescan
}

// available lists the languages whose space loaded or is loading.
func (r *Registry) available() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []string
	for l, e := range r.langs {
		if e.err.Load() == nil {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// Suggest implements explorer.WordSpaces.
func (r *Registry) Suggest(ctx context.Context, language string, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	s, err := r.Space(ctx, language)
	if err != nil {
		return nil, err
	}
	ctx, err = r.admit(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { <-r.slots }()
	list, err := s.SuggestExcluding(ctx, terms, exclude, limit)
	if err != nil {
		return nil, err
	}
	if rank, ok := r.wordnetRank(language, terms); ok {
		ordered, linked, unlisted := senses.BySenseParts(list, rank)
		return s.unlinkedBySense(ordered, linked, unlisted, terms, rank.IsLinked), nil
	}
	return r.bySense(language, terms, list), nil
}

// bySense re-orders a suggestion by the sense order of the language's
// thesaurus file (senses.go), when the thesaurus folder has one with an
// index and WordNet's database is not there (Suggest: wordnetRank); a
// file that cannot be read leaves the order as it is (logged).
// A language that has none reads the folder again (at most every rescan
// interval), so a thesaurus installed later is used without a restart.
func (r *Registry) bySense(language string, terms []explorer.WeightedTerm, list []explorer.PoleSuggestion) []explorer.PoleSuggestion {
	files := r.senseFiles.Load()
	if senses.Ordered[language] && (files == nil || (*files)[language] == "") && r.rescanMythes() {
		files = r.senseFiles.Load() // installed since the last scan
	}
	if files == nil || (*files)[language] == "" {
		return list
	}
	rank, err := senses.MythesRanks((*files)[language], terms)
	if err != nil {
		r.logger.Warn("thesaurus not read for the sense order", "language", language, "err", err)
		return list
	}
	return senses.BySense(list, rank)
}

// wordnetRank is the WordNet sense rank of the pole's terms where the
// WordNet folder holds its database (English, senses.Ordered); false
// without it or when it cannot be read (logged): then bySense orders.
func (r *Registry) wordnetRank(language string, terms []explorer.WeightedTerm) (senses.Rank, bool) {
	if !senses.Ordered[language] {
		return nil, false
	}
	if r.wordnetMissing() {
		r.rescanWordNet()
	}
	dir := r.wordnet.Load()
	if dir == nil || *dir == "" {
		return nil, false
	}
	rank, err := senses.WordNetRanks(*dir, terms)
	if err != nil {
		r.logger.Warn("WordNet not read for the sense order", "err", err)
		return nil, false
	}
	return rank, true
}

// admit waits for a search slot, or for ctx to end (then EUNAVAILABLE:
// the server is too busy to answer in the request's time). The context it
// returns gives the search its share of the cores: all of them when it
// runs alone, else the cores divided among the searches running, so that
// concurrent searches never ask for more goroutines than there are cores.
func (r *Registry) admit(ctx context.Context) (context.Context, error) {
	select {
	case r.slots <- struct{}{}:
		return withWorkers(ctx, max(1, workers()/len(r.slots))), nil
	case <-ctx.Done():
		return ctx, &explorer.Error{Code: explorer.EUNAVAILABLE, Message: "the word space is busy: try again", RetryAfter: 1, Err: ctx.Err()}
	}
}

// Neighbours implements explorer.WordSpaces.
func (r *Registry) Neighbours(ctx context.Context, language, term string, k int) ([]explorer.Neighbour, error) {
	s, err := r.Space(ctx, language)
	if err != nil {
		return nil, err
	}
	ctx, err = r.admit(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { <-r.slots }()
	return s.Neighbours(ctx, term, k)
}

// Similarities implements explorer.WordSpaces.
func (r *Registry) Similarities(ctx context.Context, language string, terms []explorer.WeightedTerm, candidates []string) ([]float64, error) {
	s, err := r.Space(ctx, language)
	if err != nil {
		return nil, err
	}
	return s.Similarities(terms, candidates), nil
}

// Kinship implements explorer.WordSpaces (Space.Kinship).
func (r *Registry) Kinship(ctx context.Context, language, term string, others []string) ([]float64, error) {
	s, err := r.Space(ctx, language)
	if err != nil {
		return nil, err
	}
	return s.Kinship(term, others), nil
}

// Status implements explorer.WordSpaces: one entry per language, sorted.
func (r *Registry) Status() []explorer.WordSpaceStatus {
	r.mu.RLock()
	out := make([]explorer.WordSpaceStatus, 0, len(r.langs))
	for l, e := range r.langs {
		st := explorer.WordSpaceStatus{Language: l, Progress: e.getProgress()}
		if s := e.space.Load(); s != nil {
			st.Ready, st.Progress, st.Words = true, 1, s.Len()
		} else if e.load != nil && !e.done() {
			// Embedded, loaded at its first use.
			st.Ready, st.OnFirstUse, st.Progress, st.Words = true, true, 1, e.words
		}
		if msg := e.err.Load(); msg != nil {
			st.Error = "failed to load"
			if e.source != "" {
				st.Error = "failed to load: " + sanitize(*msg, e.source)
			}
		}
		out = append(out, st)
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b explorer.WordSpaceStatus) int { return strings.Compare(a.Language, b.Language) })
	return out
}

// sanitize keeps file paths out of an error shown on /readyz.
func sanitize(msg, source string) string {
	msg = strings.ReplaceAll(msg, source, filepath.Base(source))
	if dir := filepath.Dir(source); dir != "." && dir != "/" {
		msg = strings.ReplaceAll(msg, dir, "…")
	}
	return msg
}

// ParseSpec splits a --wordspace value "LANG=PATH" (LANG a two-letter
// code, any case) into the upper-case language and the path.
func ParseSpec(spec string) (lang, path string, err error) {
	l, p, ok := strings.Cut(spec, "=")
	if !ok || strings.TrimSpace(p) == "" {
		return "", "", fmt.Errorf("word space %q: expected LANG=PATH, such as EN=/data/en.vec", spec)
	}
	lang, ok = NormalizeLang(l)
	if !ok {
		return "", "", fmt.Errorf("word space %q: %q is not a two-letter ISO 639-1 code", spec, l)
	}
	return lang, strings.TrimSpace(p), nil
}
