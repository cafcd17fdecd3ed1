package explorer

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// ProjectSpaces trains word spaces on projects' texts and suggests from
// them. Implemented by package wordspace. The spaces themselves are kept
// by the Store (SaveProjectSpace), so that every instance reads the same:
// an implementation only caches what it loaded.
//
// BuildProjectSpace trains the space of a project from its texts (texts
// calls fn with each, and may be called twice: one pass counts, one
// trains) and hands its file to keep, which stores it (an error of keep
// is the build's). SuggestFromProjects answers the suggestions of the
// given spaces (an account's of one language) merged, leaving out terms
// and exclude as WordSpaces.Suggest does. WordCounts tells how many times
// each term occurs in the texts of those spaces (0 for a term they do not
// hold: see its implementation for which words a space holds).
type ProjectSpaces interface {
	BuildProjectSpace(ctx context.Context, language string, texts func(fn func(string)) error, keep func(data []byte) error) (ProjectSpaceInfo, error)
	SuggestFromProjects(ctx context.Context, spaces []StoredProjectSpace, terms []WeightedTerm, exclude []string, limit int) ([]PoleSuggestion, error)
	WordCounts(ctx context.Context, spaces []StoredProjectSpace, terms []string) ([]int64, error)
}

// ProjectSpaceVersion names a stored project space: its version grows at
// every build of the project's space.
type ProjectSpaceVersion struct {
	Project, Version int64
}

// StoredProjectSpace is a project space the Store keeps: Load reads its
// file (ENOTFOUND when the project was deleted or built again since).
type StoredProjectSpace struct {
	ProjectSpaceVersion
	Load func(ctx context.Context) ([]byte, error)
}

// ProjectSpaceBuildsAtOnce is the number of project spaces a server
// trains at once (each holds up to about 100 MiB while it trains); one
// project's space is never trained twice at once. A build past either is
// refused ETHROTTLED at once (not queued, holding its request).
const ProjectSpaceBuildsAtOnce = 1

// projectSpaceRetryAfter is the Retry-After, in seconds, of a refused
// build: about what a page's build of a large project takes.
const projectSpaceRetryAfter = 30

// spaceBuilds counts the project space builds under way in this process.
type spaceBuilds struct {
	mu      sync.Mutex
	running map[int64]bool // by project
}

// take admits the build of project, or tells why not.
func (b *spaceBuilds) take(project int64) *Error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.running == nil {
		b.running = map[int64]bool{}
	}
	msg := ""
	switch {
	case b.running[project]:
		msg = fmt.Sprintf("the word space of project %d is already being built: it is ready when that build ends", project)
	case len(b.running) >= ProjectSpaceBuildsAtOnce:
		msg = "another project's word space is being built, the most this server builds at once: try again in a moment"
	default:
		b.running[project] = true
		return nil
	}
	e := Errorf(ETHROTTLED, "%s", msg)
	e.RetryAfter = projectSpaceRetryAfter
	return e
}

func (b *spaceBuilds) give(project int64) {
	b.mu.Lock()
	delete(b.running, project)
	b.mu.Unlock()
}

// ProjectSpaceInfo describes a project's trained space.
type ProjectSpaceInfo struct {
	Language string
	// Texts is the number of texts read, Words the number of words the
	// space holds.
	Texts, Words int
	Took         time.Duration
}

// BuildProjectSpace trains a word space on the text column a project was
// last explored with, in the language it was explored in; the space then
// takes part in the suggestions of the account's poles of that language.
func (s *Service) BuildProjectSpace(ctx context.Context, projectID int64) (ProjectSpaceInfo, error) {
	u, err := activeActor(ctx)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	if s.projectSpaces == nil {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "this server keeps no project word spaces")
	}
	p, err := s.ownProject(ctx, u, projectID)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	if p.Status != ProjectReady && p.Status != ProjectExplored {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "project %d is %s: its words can be learnt when it is READY or EXPLORED", p.ID, p.Status)
	}
	col := columnIndex(p, p.TextColumn)
	if p.TextColumn == "" || col < 0 {
		return ProjectSpaceInfo{}, Errorf(ECONFLICT, "project %d has not been explored: explore a text column first", p.ID)
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	payer, err := s.payer(ctx, u)
	if err != nil {
		return ProjectSpaceInfo{}, err
	}
	// A full budget is refused before the texts are read and trained on.
	if use, left, err := s.storageLeft(ctx, p.OwnerID); err != nil || left == 0 {
		return ProjectSpaceInfo{}, cmp.Or(err, storageExceeded(ctx, p.OwnerID, use.Budget, use.Used, 1))
	}
	if e := s.spaceBuilds.take(p.ID); e != nil {
		return ProjectSpaceInfo{}, e
	}
	defer s.spaceBuilds.give(p.ID)
	// Building reads the texts twice: one pass counts, one trains.
	texts := s.columnTexts(countRows(ctx, 2*int64(p.Rows)), p, col)
	return s.projectSpaces.BuildProjectSpace(ctx, lang, texts, s.keepProjectSpace(ctx, p, payer.ID, lang))
}

// keepProjectSpace stores the file of p's new space (of account's, in
// lang), charged to p's owner in place of its old one, refusing it
// (ETOOLARGE) past the owner's storage budget: the old space then stays.
// A project deleted meanwhile is ENOTFOUND and keeps nothing.
func (s *Service) keepProjectSpace(ctx context.Context, p *Project, account int64, lang string) func([]byte) error {
	return func(data []byte) error {
		return s.inTxWithinStorage(ctx, p.OwnerID, func(ctx context.Context) error {
			return s.store.SaveProjectSpace(ctx, p.ID, account, lang, data)
		})
	}
}

// SuggestSpacesMost bounds the project spaces one suggestion reads: those
// of the newest SuggestSpacesMost projects (by id) of the account in the
// pole's language, so that an account of hundreds of projects does not
// load hundreds of spaces for each suggestion.
const SuggestSpacesMost = 8

// accountTexts is what one suggestion reads of the texts of the pole
// owner's account: its project spaces of the pole's language (read once
// per suggestion) and the counts of the words already asked of them.
type accountTexts struct {
	spaces []StoredProjectSpace
	counts map[string]int64
}

// accountSpaces are the project spaces serving pole p: those of its
// owner's paying account in the pole's language (none without), at most
// SuggestSpacesMost.
func (s *Service) accountSpaces(ctx context.Context, p *Pole) (*accountTexts, error) {
	texts := &accountTexts{counts: map[string]int64{}}
	if s.projectSpaces == nil {
		return texts, nil
	}
	// One cheap read for a language no account has a space of.
	if has, err := s.store.AnyProjectSpaces(ctx, p.Language); err != nil || !has {
		return texts, err
	}
	owner := UserFromContext(ctx)
	if owner == nil || owner.ID != p.OwnerID {
		var err error
		if owner, err = s.store.FindUserByID(ctx, p.OwnerID); err != nil {
			return nil, err
		}
	}
	payer, err := s.payer(ctx, owner)
	if err != nil {
		return nil, err
	}
	versions, err := s.store.ProjectSpaceVersions(ctx, payer.ID, p.Language, SuggestSpacesMost)
	if err != nil {
		return nil, err
	}
	texts.spaces = make([]StoredProjectSpace, len(versions))
	for i, v := range versions {
		texts.spaces[i] = StoredProjectSpace{ProjectSpaceVersion: v, Load: func(ctx context.Context) ([]byte, error) {
			return s.store.ProjectSpaceData(ctx, v.Project, v.Version)
		}}
	}
	return texts, nil
}

// wordCounts answers how many times each term occurs in the texts (all 0
// without project spaces), asking the spaces only the terms not counted
// yet: one walk of the spaces serves every list of one suggestion.
func (s *Service) wordCounts(ctx context.Context, texts *accountTexts, terms []string) ([]int64, error) {
	out := make([]int64, len(terms))
	if len(texts.spaces) == 0 {
		return out, nil
	}
	var missing []string
	for _, t := range terms {
		if _, ok := texts.counts[t]; !ok && !slices.Contains(missing, t) {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		counts, err := s.projectSpaces.WordCounts(ctx, texts.spaces, missing)
		if err != nil {
			return nil, err
		}
		for i, t := range missing {
			texts.counts[t] = counts[i]
		}
	}
	for i, t := range terms {
		out[i] = texts.counts[t]
	}
	return out, nil
}

// textFrequencies sets the Frequency of each suggestion: its occurrences
// in the texts of the pole owner's account of the pole's language, as its
// project spaces counted them; 0 when the account has none.
func (s *Service) textFrequencies(ctx context.Context, texts *accountTexts, list []PoleSuggestion) error {
	counts, err := s.wordCounts(ctx, texts, suggestionTerms(list))
	if err != nil {
		return err
	}
	for i := range list {
		list[i].Frequency = int(min(counts[i], int64(^uint(0)>>1)))
	}
	return nil
}
