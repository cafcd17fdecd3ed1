package wordspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"explorer"
	"explorer/language"
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
// a folder, ACCOUNT-PROJECT.wordspace (the language is in the file), and
// the spaces of an account in memory from its first suggestion on. It
// implements explorer.ProjectSpaces.
type ProjectSpaces struct {
	dir string
	// building admits one training at a time (per process): each takes
	// up to about 100 MiB, so concurrent ones would add up.
	building chan struct{}
	mu       sync.Mutex
	accounts map[int64]loadedSpaces // by account
}

// loadedSpaces are an account's spaces as read, with the signature of
// their files (names, sizes, times): a build by another process (the
// command line, another instance) changes it, and they are read again.
type loadedSpaces struct {
	sig    string
	spaces []*Space
}

var _ explorer.ProjectSpaces = (*ProjectSpaces)(nil)

// NewProjectSpaces returns the project spaces kept in dir (made when the
// first is built).
func NewProjectSpaces(dir string) *ProjectSpaces {
	return &ProjectSpaces{dir: dir, accounts: map[int64]loadedSpaces{}, building: make(chan struct{}, 1)}
}

func (p *ProjectSpaces) path(account, project int64) string {
	return filepath.Join(p.dir, fmt.Sprintf("%d-%d.wordspace", account, project))
}

// BuildProjectSpace implements explorer.ProjectSpaces.
func (p *ProjectSpaces) BuildProjectSpace(ctx context.Context, account, project int64, lang string, texts func(fn func(string)) error) (explorer.ProjectSpaceInfo, error) {
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
	if err := writeFileAtomic(p.path(account, project), s); err != nil {
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

func writeFileAtomic(path string, s *Space) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".project-*.wordspace")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := WriteSpace(f, s, WriteOptions{Int8: true}); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// RemoveProjectSpace implements explorer.ProjectSpaces: it removes the
// project's space whatever account it was built for.
func (p *ProjectSpaces) RemoveProjectSpace(account, project int64) error {
	files, _ := filepath.Glob(filepath.Join(p.dir, fmt.Sprintf("*-%d.wordspace", project)))
	for _, f := range files {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// spaces returns an account's project spaces, read at first use and
// again when their files changed.
func (p *ProjectSpaces) spaces(account int64) ([]*Space, error) {
	files, err := filepath.Glob(filepath.Join(p.dir, strconv.FormatInt(account, 10)+"-*.wordspace"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var sig strings.Builder
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			fmt.Fprintf(&sig, "%s %d %d\n", filepath.Base(f), st.Size(), st.ModTime().UnixNano())
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if got, ok := p.accounts[account]; ok && got.sig == sig.String() {
		return got.spaces, nil
	}
	var ss []*Space
	for _, f := range files {
		s, err := Open(f, LoadOptions{})
		if errors.Is(err, os.ErrNotExist) {
			continue // removed since the glob
		}
		if err != nil {
			return nil, fmt.Errorf("project space %s: %w", filepath.Base(f), err)
		}
		ss = append(ss, s)
	}
	p.accounts[account] = loadedSpaces{sig: sig.String(), spaces: ss}
	return ss, nil
}

// SuggestFromProjects implements explorer.ProjectSpaces: the suggestions
// of each of the account's spaces of the language, merged (a term keeps
// its best), without the language's stop words.
func (p *ProjectSpaces) SuggestFromProjects(ctx context.Context, account int64, lang string, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	l, _ := NormalizeLang(lang)
	ss, err := p.spaces(account)
	if err != nil {
		return nil, err
	}
	best := map[string]explorer.PoleSuggestion{}
	stop := map[string]bool{}
	if lg, ok := language.Get(l); ok {
		for _, w := range lg.StopWords() {
			stop[Fold(w)] = true
		}
	}
	for _, s := range ss {
		if got, _ := NormalizeLang(s.Lang()); got != l {
			continue
		}
		list, err := s.SuggestExcluding(ctx, terms, exclude, limit)
		if err != nil {
			return nil, err
		}
		for _, sg := range list {
			k := Fold(sg.Term)
			if stop[k] {
				continue // the texts' function words are no suggestions
			}
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
