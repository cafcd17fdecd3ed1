package wordspace

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
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

// ProjectSpaces trains the spaces of projects' texts, which the Service
// keeps in the database (every instance reads the same), and loads them at
// their first suggestion into an LRU bounded in bytes, by project and
// version. It implements explorer.ProjectSpaces.
type ProjectSpaces struct {
	// building bounds the trainings at once in this process to
	// explorer.ProjectSpaceBuildsAtOnce (each takes up to about 100 MiB).
	// The Service refuses a build past it before it gets here; this
	// holds for any other caller, with the same number.
	building chan struct{}

	mu      sync.Mutex
	cache   *spaceLRU
	loading map[explorer.ProjectSpaceVersion]*spaceLoad // one load of a space at a time
	// damaged holds, by project, the version of its stored space that did
	// not parse: skipped, not read again, until the project is built again.
	damaged map[int64]int64
	logger  *slog.Logger
}

// spaceLoad is a load of one space under way, which later askers wait for.
type spaceLoad struct {
	done  chan struct{}
	space *Space
	err   error
}

var _ explorer.ProjectSpaces = (*ProjectSpaces)(nil)

// NewProjectSpaces returns project spaces holding loaded spaces up to
// ProjectCacheBytes.
func NewProjectSpaces() *ProjectSpaces {
	return newProjectSpacesBounded(ProjectCacheBytes)
}

// newProjectSpacesBounded is NewProjectSpaces holding loaded spaces up to
// maxBytes (HeapBytes) in memory.
func newProjectSpacesBounded(maxBytes int64) *ProjectSpaces {
	return &ProjectSpaces{building: make(chan struct{}, explorer.ProjectSpaceBuildsAtOnce), cache: newSpaceLRU(maxBytes),
		loading: map[explorer.ProjectSpaceVersion]*spaceLoad{}, damaged: map[int64]int64{}, logger: slog.New(slog.DiscardHandler)}
}

// WithLogger sets where p logs (a stored space that does not parse) and
// answers p; call it before p is used.
func (p *ProjectSpaces) WithLogger(logger *slog.Logger) *ProjectSpaces {
	if logger != nil {
		p.logger = logger
	}
	return p
}

// BuildProjectSpace implements explorer.ProjectSpaces: the file of the
// space (int8 vectors) goes to keep.
func (p *ProjectSpaces) BuildProjectSpace(ctx context.Context, lang string, texts func(fn func(string)) error, keep func([]byte) error) (explorer.ProjectSpaceInfo, error) {
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
	var b bytes.Buffer
	if err := WriteSpace(&b, s, WriteOptions{Int8: true}); err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	if err := keep(b.Bytes()); err != nil {
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

// space returns the space of sp, from the cache or read in the
// background (once for all who ask at the same time), waited for until
// ctx ends (then EUNAVAILABLE; the read goes on and fills the cache). A
// space deleted or built again since it was listed is nil and no error,
// as is a damaged one (its file does not parse: logged once, and not read
// again).
func (p *ProjectSpaces) space(ctx context.Context, sp explorer.StoredProjectSpace) (*Space, error) {
	v := sp.ProjectSpaceVersion
	p.mu.Lock()
	if s := p.cache.get(v); s != nil {
		p.mu.Unlock()
		return s, nil
	}
	if p.damaged[v.Project] == v.Version {
		p.mu.Unlock()
		return nil, nil
	}
	l, ok := p.loading[v]
	if !ok {
		l = &spaceLoad{done: make(chan struct{})}
		p.loading[v] = l
		go p.load(sp, l)
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

// projectLoadTimeout bounds a load of a stored space, which runs beyond
// the request that started it.
const projectLoadTimeout = time.Minute

// load reads sp for l and keeps it in the cache.
func (p *ProjectSpaces) load(sp explorer.StoredProjectSpace, l *spaceLoad) {
	ctx, cancel := context.WithTimeout(context.Background(), projectLoadTimeout)
	defer cancel()
	data, err := sp.Load(ctx)
	damaged := false
	switch {
	case explorer.ErrorCode(err) == explorer.ENOTFOUND:
	case err != nil:
		l.err = err
	default:
		if l.space, err = Embedded(data, LoadOptions{}); err != nil {
			l.space, damaged = nil, true
			p.logger.Warn("a stored project space does not parse: it is left out of suggestions until the project's space is built again",
				"project", sp.Project, "version", sp.Version, "err", err)
		}
	}
	p.mu.Lock()
	delete(p.loading, sp.ProjectSpaceVersion)
	if l.space != nil {
		p.cache.put(sp.ProjectSpaceVersion, l.space)
		delete(p.damaged, sp.Project)
	}
	if damaged {
		p.damaged[sp.Project] = sp.Version
	}
	p.mu.Unlock()
	close(l.done)
}

// SuggestFromProjects implements explorer.ProjectSpaces: the suggestions
// of each of the account's spaces of the language, merged (a term keeps
// its best), without the language's stop words.
func (p *ProjectSpaces) SuggestFromProjects(ctx context.Context, spaces []explorer.StoredProjectSpace, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	best := map[string]explorer.PoleSuggestion{}
	for _, sp := range spaces {
		s, err := p.space(ctx, sp)
		if err != nil {
			return nil, err
		}
		if s == nil {
			continue // deleted or built again since it was listed, or damaged
		}
		list, err := s.SuggestExcluding(ctx, terms, exclude, limit)
		if err != nil {
			return nil, err
		}
		for _, sg := range list {
			if analysis.IsStopWord(sg.Term, s.Lang()) {
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
