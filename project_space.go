package explorer

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"
)

// ProjectSpaces keeps word spaces trained on projects' texts, one per
// project, by account. Implemented by package wordspace.
//
// BuildProjectSpace trains the space of a project from its texts (texts
// calls fn with each, and may be called twice: one pass counts, one
// trains), replacing any the project had once keep, called with the size
// of its file before it replaces anything, returned nil (an error of keep
// leaves the old space as it was). SuggestFromProjects answers the
// suggestions of the account's project spaces of a language (none, and no
// error, when it has none), leaving out terms and exclude as
// WordSpaces.Suggest does. AnyProjectSpaces tells, from memory, whether
// any account may have a space of a language. RemoveProjectSpace forgets
// a project's space. WordCounts tells how many times each term occurs in
// the texts of the account's spaces of a language (0 for a term they do
// not hold: see its implementation for which words a space holds).
type ProjectSpaces interface {
	BuildProjectSpace(ctx context.Context, account, project int64, language string, texts func(fn func(string)) error, keep func(bytes int64) error) (ProjectSpaceInfo, error)
	SuggestFromProjects(ctx context.Context, account int64, language string, terms []WeightedTerm, exclude []string, limit int) ([]PoleSuggestion, error)
	AnyProjectSpaces(language string) (bool, error)
	RemoveProjectSpace(account, project int64) error
	WordCounts(ctx context.Context, account int64, language string, terms []string) ([]int64, error)
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
	info, err := s.projectSpaces.BuildProjectSpace(ctx, payer.ID, p.ID, lang, texts, s.keepProjectSpace(ctx, p))
	if err != nil {
		return info, err
	}
	// A project deleted while its file was put in place (after keep
	// charged it, before the rename) would leave the file behind: the
	// delete removes the file after the project, so one of the two sees
	// the other's work.
	if _, err := s.store.FindProject(ctx, p.ID); ErrorCode(err) == ENOTFOUND {
		return ProjectSpaceInfo{}, cmp.Or(s.projectSpaces.RemoveProjectSpace(payer.ID, p.ID), err)
	}
	return info, nil
}

// keepProjectSpace charges the file of p's new space to p's owner in
// place of its old one, refusing it (ETOOLARGE) past the owner's storage
// budget: the file then replaces nothing.
func (s *Service) keepProjectSpace(ctx context.Context, p *Project) func(int64) error {
	return func(n int64) error {
		return s.inTxWithinStorage(ctx, p.OwnerID, func(ctx context.Context) error {
			return s.store.SetProjectSpaceBytes(ctx, p.ID, n)
		})
	}
}

// spacesAccount is the account whose project spaces serve pole p: its
// owner's paying account; ok is false when no account has a project space
// of the pole's language.
func (s *Service) spacesAccount(ctx context.Context, p *Pole) (int64, bool, error) {
	if s.projectSpaces == nil {
		return 0, false, nil
	}
	// The index of the spaces is in memory: a language no account has a
	// space of reads nothing from the store.
	if has, err := s.projectSpaces.AnyProjectSpaces(p.Language); err != nil || !has {
		return 0, false, err
	}
	owner := UserFromContext(ctx)
	if owner == nil || owner.ID != p.OwnerID {
		var err error
		if owner, err = s.store.FindUserByID(ctx, p.OwnerID); err != nil {
			return 0, false, err
		}
	}
	payer, err := s.payer(ctx, owner)
	if err != nil {
		return 0, false, err
	}
	return payer.ID, true, nil
}

// textFrequencies sets the Frequency of each suggestion: its occurrences
// in the texts of the pole owner's account of the pole's language, as its
// project spaces counted them; 0 when the account has none.
func (s *Service) textFrequencies(ctx context.Context, p *Pole, list []PoleSuggestion) error {
	account, ok, err := s.spacesAccount(ctx, p)
	var counts []int64
	if err == nil && ok {
		terms := make([]string, len(list))
		for i, sg := range list {
			terms[i] = sg.Term
		}
		counts, err = s.projectSpaces.WordCounts(ctx, account, p.Language, terms)
	}
	if err != nil {
		return err
	}
	for i := range list {
		list[i].Frequency = 0
		if counts != nil {
			list[i].Frequency = int(min(counts[i], int64(^uint(0)>>1)))
		}
	}
	return nil
}

// removeProjectSpace forgets the space of a deleted project, if it had one.
func (s *Service) removeProjectSpace(ctx context.Context, u *User, projectID int64) error {
	if s.projectSpaces == nil {
		return nil
	}
	payer, err := s.payer(ctx, u)
	if err != nil {
		return err
	}
	return s.projectSpaces.RemoveProjectSpace(payer.ID, projectID)
}
