package projects

import (
	"context"
	"errors"
	"explorer"
)

// The messages a project gets when a step was cut off by a stopped server.
const (
	importInterrupted  = "import failed: interrupted when the server stopped; import the file again"
	exploreInterrupted = "explore failed: interrupted when the server stopped; explore it again"
	appendInterrupted  = "append interrupted when the server stopped: no row was added; append the file again"
)

// RecoverProjects puts right the projects a stopped server left in the
// middle of a step; serve calls it at start. Every step writes its
// results in one transaction, so an interrupted one left nothing behind
// but the status:
//   - INITIALIZING "importing" (no rows) becomes a failed import,
//     FAILED with importInterrupted, like any failed import (it can be
//     deleted);
//   - EXPLORING becomes FAILED with exploreInterrupted, like any failed
//     explore (it can be explored again; rows, topics and counts are as
//     before the step); APPENDING becomes READY with a message saying so;
//   - DELETING is finished: the project is deleted.
//
// A status is only changed while it is still the one seen, so a step
// that another process (a CLI import, another instance) finishes
// meanwhile keeps its result. It returns how many projects it recovered.
func (s *Service) RecoverProjects(ctx context.Context) (int, error) {
	ps, err := s.store.FindProjectsInStatus(ctx, explorer.ProjectInitializing, explorer.ProjectExploring, explorer.ProjectAppending, explorer.ProjectDeleting)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range ps {
		var done bool
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			var err error
			done, err = s.recoverProject(ctx, p)
			return err
		})
		if err != nil {
			return n, err
		}
		if done {
			s.log.Info("recovered an interrupted project step", "project", p.ID, "status", p.Status)
			n++
		}
	}
	return n, nil
}

func (s *Service) recoverProject(ctx context.Context, p *explorer.Project) (bool, error) {
	swap := func(status, message string) (bool, error) {
		return s.store.SwapProjectStatus(ctx, p.ID, p.Status, p.StatusMessage, status, message)
	}
	switch p.Status {
	case explorer.ProjectInitializing:
		if p.StatusMessage != "importing" {
			return false, nil // a failed import already says why
		}
		return swap(explorer.ProjectFailed, importInterrupted)
	case explorer.ProjectExploring:
		return swap(explorer.ProjectFailed, exploreInterrupted)
	case explorer.ProjectAppending:
		return swap(explorer.ProjectReady, appendInterrupted)
	case explorer.ProjectDeleting:
		cur, err := s.store.FindProject(ctx, p.ID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && cur.Status != explorer.ProjectDeleting) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if err := s.store.DeleteProject(ctx, p.ID); err != nil {
			return false, err
		}
		if p.ModelID != nil {
			return true, s.clearOutdated(ctx, &explorer.User{ID: p.OwnerID}, *p.ModelID)
		}
		return true, nil
	}
	return false, errors.New("recoverProject: not a transient status: " + p.Status)
}
