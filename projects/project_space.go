package projects

import (
	"cmp"
	"context"
	"explorer"
	"fmt"
	"sync"
)

// projectSpaceRetryAfter is the Retry-After, in seconds, of a refused
// build: about what a page's build of a large project takes.
const projectSpaceRetryAfter = 30

// spaceBuilds counts the project space builds under way in this process.
type spaceBuilds struct {
	mu      sync.Mutex
	running map[int64]bool // by project
}

// Take admits the build of project, or tells why not.
func (b *spaceBuilds) take(project int64) *explorer.Error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.running == nil {
		b.running = map[int64]bool{}
	}
	msg := ""
	switch {
	case b.running[project]:
		msg = fmt.Sprintf("the word space of project %d is already being built: it is ready when that build ends", project)
	case len(b.running) >= explorer.ProjectSpaceBuildsAtOnce:
		msg = "another project's word space is being built, the most this server builds at once: try again in a moment"
	default:
		b.running[project] = true
		return nil
	}
	e := explorer.Errorf(explorer.ETHROTTLED, "%s", msg)
	e.RetryAfter = projectSpaceRetryAfter
	return e
}

func (b *spaceBuilds) give(project int64) {
	b.mu.Lock()
	delete(b.running, project)
	b.mu.Unlock()
}

// BuildProjectSpace trains a word space on the text column a project was
// last explored with, in the language it was explored in; the space then
// takes part in the suggestions of the account's poles of that language.
func (s *Service) BuildProjectSpace(ctx context.Context, projectID int64) (explorer.ProjectSpaceInfo, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	if s.projectSpaces == nil {
		return explorer.ProjectSpaceInfo{}, explorer.Errorf(explorer.ECONFLICT, "this server keeps no project word spaces")
	}
	p, err := s.root.OwnProject(ctx, u, projectID)
	if err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
		return explorer.ProjectSpaceInfo{}, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: its words can be learnt when it is READY or EXPLORED", p.ID, p.Status)
	}
	col := columnIndex(p, p.TextColumn)
	if p.TextColumn == "" || col < 0 {
		return explorer.ProjectSpaceInfo{}, explorer.Errorf(explorer.ECONFLICT, "project %d has not been explored: explore a text column first", p.ID)
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	payer, err := s.root.Payer(ctx, u)
	if err != nil {
		return explorer.ProjectSpaceInfo{}, err
	}
	// A full budget is refused before the texts are read and trained on.
	if use, left, err := s.root.StorageLeft(ctx, p.OwnerID); err != nil || left == 0 {
		return explorer.ProjectSpaceInfo{}, cmp.Or(err, explorer.StorageExceeded(ctx, p.OwnerID, use.Budget, use.Used, 1))
	}
	if e := s.spaceBuilds.take(p.ID); e != nil {
		return explorer.ProjectSpaceInfo{}, e
	}
	defer s.spaceBuilds.give(p.ID)
	// Building reads the texts twice: one pass counts, one trains.
	texts := s.columnTexts(explorer.CountRows(ctx, 2*int64(p.Rows)), p, col)
	return s.projectSpaces.BuildProjectSpace(ctx, lang, texts, s.keepProjectSpace(ctx, p, payer.ID, lang))
}

// keepProjectSpace stores the file of p's new space (of account's, in
// lang), charged to p's owner in place of its old one, refusing it
// (ETOOLARGE) past the owner's storage budget: the old space then stays.
// A project deleted meanwhile is ENOTFOUND and keeps nothing.
func (s *Service) keepProjectSpace(ctx context.Context, p *explorer.Project, account int64, lang string) func([]byte) error {
	return func(data []byte) error {
		return s.root.InTxWithinStorage(ctx, p.OwnerID, func(ctx context.Context) error {
			return s.store.SaveProjectSpace(ctx, p.ID, account, lang, data)
		})
	}
}
