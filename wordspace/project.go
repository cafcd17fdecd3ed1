package wordspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"explorer"
	"explorer/analysis"
)

// Project spaces: Random Indexing over one project's texts, small enough
// to train in seconds and keep beside the thesaurus spaces. The bounds
// hold whatever the texts are: memory grows with the words the texts
// actually have, up to them.
const (
	// ProjectDim is the dimension of a project space.
	ProjectDim = 300
	// ProjectMaxWords bounds the words a project space keeps (the most
	// frequent): at most 36 MB of context vectors while training.
	ProjectMaxWords = 30000
	// ProjectMaxTypes bounds the distinct words counted.
	ProjectMaxTypes = 500000
	// ProjectMinCount is the least count of a word given a vector.
	ProjectMinCount = 3
	// ProjectMaxTexts bounds the texts read; the rest are left out.
	ProjectMaxTexts = 1000000
	// ProjectMaxTextBytes bounds the bytes read of one text.
	ProjectMaxTextBytes = 64 << 10
	// ProjectSeed seeds the index vectors.
	ProjectSeed = 20
)

// ProjectSpaces keeps the spaces trained on projects' texts as files of
// a folder, ACCOUNT-PROJECT.wordspace (the language is in the file), found
// through an index in memory (project_index.go) and loaded at their first
// suggestion into an LRU bounded in bytes. It implements
// explorer.ProjectSpaces.
type ProjectSpaces struct {
	dir string
	// Clock tells the time the index's freshness is measured with
	// (time.Now when nil). Set it before use.
	Clock func() time.Time
	// building bounds the trainings at once in this process to
	// explorer.ProjectSpaceBuildsAtOnce (each takes up to about 100 MiB).
	// The Service refuses a build past it before it gets here; this
	// holds for any other caller, with the same number.
	building chan struct{}

	mu      sync.Mutex
	index   *projectIndex // nil: to be read
	cache   *spaceLRU
	loading map[string]*spaceLoad // by path: one load of a file at a time
}

// spaceLoad is a load of one file under way, which later askers wait for.
type spaceLoad struct {
	done  chan struct{}
	space *Space
	err   error
}

var _ explorer.ProjectSpaces = (*ProjectSpaces)(nil)

// NewProjectSpaces returns the project spaces kept in dir (made when the
// first is built), holding loaded spaces up to ProjectCacheBytes.
func NewProjectSpaces(dir string) *ProjectSpaces {
	return newProjectSpacesBounded(dir, ProjectCacheBytes)
}

// newProjectSpacesBounded is NewProjectSpaces holding loaded spaces up to
// maxBytes (HeapBytes) in memory.
func newProjectSpacesBounded(dir string, maxBytes int64) *ProjectSpaces {
	return &ProjectSpaces{dir: dir, building: make(chan struct{}, explorer.ProjectSpaceBuildsAtOnce), cache: newSpaceLRU(maxBytes), loading: map[string]*spaceLoad{}}
}

func (p *ProjectSpaces) path(account, project int64) string {
	return filepath.Join(p.dir, fmt.Sprintf("%d-%d.wordspace", account, project))
}

func (p *ProjectSpaces) now() time.Time {
	if p.Clock != nil {
		return p.Clock()
	}
	return time.Now()
}

// invalidate makes the next lookup list the folder again (after this
// process wrote or removed a file of it).
func (p *ProjectSpaces) invalidate(path string) {
	p.mu.Lock()
	p.index = nil
	p.cache.remove(path)
	p.mu.Unlock()
}

// BuildProjectSpace implements explorer.ProjectSpaces.
func (p *ProjectSpaces) BuildProjectSpace(ctx context.Context, account, project int64, lang string, texts func(fn func(string)) error, keep func(int64) error) (explorer.ProjectSpaceInfo, error) {
	began := time.Now()
	l, ok := NormalizeLang(lang)
	if !ok {
		return explorer.ProjectSpaceInfo{}, fmt.Errorf("project space: %q is not an ISO 639-1 code", lang)
	}
	select {
	case p.building <- struct{}{}:
		defer func() { <-p.building }()
	case <-ctx.Done():
		return explorer.ProjectSpaceInfo{}, &explorer.Error{Code: explorer.EUNAVAILABLE, RetryAfter: 10,
			Message: "another project's word space is being trained: try again in a moment", Err: ctx.Err()}
	}
	s, n, err := TrainTexts(ctx, l, texts)
	if err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	path := p.path(account, project)
	defer p.invalidate(path)
	if err := writeFileAtomic(path, s, keep); err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	return explorer.ProjectSpaceInfo{Language: l, Texts: n, Words: s.Len(), Took: time.Since(began)}, nil
}

// TrainTexts trains a project space on texts (two passes) within the
// project bounds, and returns it with the number of texts read.
func TrainTexts(ctx context.Context, lang string, texts func(fn func(string)) error) (*Space, int, error) {
	b := NewBuilder(BuildOptions{Lang: lang, Dim: ProjectDim, MinCount: ProjectMinCount,
		MaxWords: ProjectMaxWords, MaxTypes: ProjectMaxTypes, Seed: ProjectSeed})
	pass := func(fn func(string)) (int, error) {
		n := 0
		err := texts(func(t string) {
			if n++; n > ProjectMaxTexts {
				return
			}
			if len(t) > ProjectMaxTextBytes {
				t = t[:ProjectMaxTextBytes]
			}
			fn(t)
		})
		return min(n, ProjectMaxTexts), err
	}
	n, err := pass(b.CountLine)
	if err != nil {
		return nil, 0, err
	}
	b.Freeze()
	if _, err := pass(b.TrainLine); err != nil {
		return nil, 0, err
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	s, err := b.Space()
	if err != nil {
		return nil, 0, explorer.Errorf(explorer.ECONFLICT, "the texts have too few repeated words for a word space (a word must occur %d times)", ProjectMinCount)
	}
	return s, n, nil
}

// writeFileAtomic writes s int8 to path, through a temporary file that
// replaces path once keep (nil: always) accepted its size.
func writeFileAtomic(path string, s *Space, keep func(int64) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".project-*.wordspace")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := WriteSpace(f, s, WriteOptions{Int8: true}); err != nil {
		f.Close()
		return err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if keep != nil {
		if err := keep(st.Size()); err != nil {
			return err
		}
	}
	return os.Rename(f.Name(), path)
}

// RemoveProjectSpace implements explorer.ProjectSpaces: it removes the
// project's space whatever account it was built for.
func (p *ProjectSpaces) RemoveProjectSpace(account, project int64) error {
	files, _ := filepath.Glob(filepath.Join(p.dir, fmt.Sprintf("*-%d.wordspace", project)))
	for _, f := range files {
		err := os.Remove(f)
		p.invalidate(f)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// files returns the account's project space files of lang, from the
// index (current).
func (p *ProjectSpaces) files(account int64, lang string) ([]projectFile, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ix, err := p.current()
	if err != nil {
		return nil, err
	}
	return ix.byKey[accountLang{account, lang}], nil
}

// AnyProjectSpaces implements explorer.ProjectSpaces, from the index.
func (p *ProjectSpaces) AnyProjectSpaces(lang string) (bool, error) {
	l, _ := NormalizeLang(lang)
	p.mu.Lock()
	defer p.mu.Unlock()
	ix, err := p.current()
	if err != nil {
		return false, err
	}
	return ix.langs[l] > 0, nil
}

// current returns the index, read again when invalidated, or when the
// folder's modification time, read at most once per ProjectIndexTTL,
// changed. p.mu is held.
func (p *ProjectSpaces) current() (*projectIndex, error) {
	now := p.now()
	if ix := p.index; ix != nil {
		if now.Sub(ix.checked) < ProjectIndexTTL && !now.Before(ix.checked) {
			return ix, nil
		}
		st, err := os.Stat(p.dir)
		if !ix.racy && (err == nil && st.ModTime().Equal(ix.dirTime) || errors.Is(err, os.ErrNotExist) && ix.dirTime.IsZero()) {
			ix.checked = now
			return ix, nil
		}
	}
	ix, err := readProjectIndex(p.dir, p.index)
	if err != nil {
		return nil, err
	}
	ix.checked = now
	p.index = ix
	p.cache.keepOnly(ix.files)
	return ix, nil
}

// space returns the space of f, from the cache or read in the background
// (once for all who ask at the same time), waited for until ctx ends
// (then EUNAVAILABLE; the read goes on and fills the cache). A file
// removed since the index was read is nil and no error.
func (p *ProjectSpaces) space(ctx context.Context, f projectFile) (*Space, error) {
	p.mu.Lock()
	if s := p.cache.get(f.path, f.stamp()); s != nil {
		p.mu.Unlock()
		return s, nil
	}
	l, ok := p.loading[f.path]
	if !ok {
		l = &spaceLoad{done: make(chan struct{})}
		p.loading[f.path] = l
		go p.load(f, l)
	}
	p.mu.Unlock()
	select {
	case <-l.done:
		return l.space, l.err
	case <-ctx.Done():
		return nil, &explorer.Error{Code: explorer.EUNAVAILABLE, RetryAfter: RetryAfter, Err: ctx.Err(),
			Message: "a word space of your projects is being read: try again in a moment"}
	}
}

// load reads f for l and keeps it in the cache.
func (p *ProjectSpaces) load(f projectFile, l *spaceLoad) {
	l.space, l.err = Open(f.path, LoadOptions{})
	if errors.Is(l.err, os.ErrNotExist) {
		l.space, l.err = nil, nil
	} else if l.err != nil {
		l.space, l.err = nil, fmt.Errorf("project space %s: %w", filepath.Base(f.path), l.err)
	}
	p.mu.Lock()
	delete(p.loading, f.path)
	if l.space != nil {
		p.cache.put(f.path, f.stamp(), l.space)
	}
	p.mu.Unlock()
	close(l.done)
}

// SuggestFromProjects implements explorer.ProjectSpaces: the suggestions
// of each of the account's spaces of the language, merged (a term keeps
// its best), without the language's stop words.
func (p *ProjectSpaces) SuggestFromProjects(ctx context.Context, account int64, lang string, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	l, _ := NormalizeLang(lang)
	files, err := p.files(account, l)
	if err != nil || len(files) == 0 {
		return nil, err
	}
	best := map[string]explorer.PoleSuggestion{}
	for _, f := range files {
		s, err := p.space(ctx, f)
		if err != nil {
			return nil, err
		}
		if s == nil {
			continue // removed since the index was read
		}
		list, err := s.SuggestExcluding(ctx, terms, exclude, limit)
		if err != nil {
			return nil, err
		}
		for _, sg := range list {
			if analysis.IsStopWord(sg.Term, l) {
				continue // the texts' function words are no suggestions
			}
			k := Fold(sg.Term)
			if old, ok := best[k]; !ok || sg.SumCosine > old.SumCosine {
				best[k] = sg
			}
		}
	}
	out := make([]explorer.PoleSuggestion, 0, len(best))
	for _, sg := range best {
		out = append(out, sg)
	}
	slices.SortFunc(out, func(a, b explorer.PoleSuggestion) int {
		if a.SumCosine != b.SumCosine {
			if a.SumCosine > b.SumCosine {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Term, b.Term)
	})
	return out[:min(len(out), limit)], nil
}
