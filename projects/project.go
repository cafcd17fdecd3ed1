package projects

import (
	"context"
	"explorer"
	"strings"

	"explorer/language"
	"explorer/models"
)

// ProjectTitleMax is the longest project title.
const ProjectTitleMax = 500

// NewProject is the input of CreateProject.
type NewProject struct {
	Title         string
	Rows          int
	Encoding      string
	Status        string
	StatusMessage string
	Language      string
	Headers       []explorer.ProjectHeader
	Groups        []explorer.Group
	IgnoreTerms   []string
}

// ProjectStore keeps projects: the projects domain's part of the store
// (what the kernel and the other domains read and write of a project is
// explorer.ProjectRecords).
type ProjectStore interface {
	// ListProjects is the window of the projects ownerID owns that q
	// selects, and their number: the failed imports only, or all others.
	ListProjects(ctx context.Context, ownerID int64, q explorer.ListQuery, failed bool) ([]*explorer.Project, int, error)
	// SetWordPolarity adds or replaces one correction.
	SetWordPolarity(ctx context.Context, userID int64, w explorer.WordPolarity) error
	// DeleteWordPolarity removes one correction (ENOTFOUND when none).
	DeleteWordPolarity(ctx context.Context, userID int64, language, word string) error
	// FindOwnerProjects lists the ids of a user's EXPLORED projects whose
	// language is lang ("": any).
	FindOwnerProjects(ctx context.Context, ownerID int64, lang string) ([]int64, error)
	// CreateProject inserts p and sets its ID (and its headers' IDs).
	CreateProject(ctx context.Context, p *explorer.Project) error
	// FindUserProjects lists the projects a user owns, by id, in the
	// window page.
	FindUserProjects(ctx context.Context, ownerID int64, page explorer.Page) ([]*explorer.Project, error)
	// SetProjectStatus sets a project's status and status message.
	SetProjectStatus(ctx context.Context, id int64, status, message string) error
	// FindProjectsInStatus lists the projects in one of statuses, by id.
	FindProjectsInStatus(ctx context.Context, statuses ...string) ([]*explorer.Project, error)
	// SwapProjectStatus sets a project's status and message only while
	// it still has fromStatus and fromMessage; it reports whether it did.
	SwapProjectStatus(ctx context.Context, id int64, fromStatus, fromMessage, status, message string) (bool, error)
	// ReplaceProjectHeaders replaces a project's headers, setting IDs.
	ReplaceProjectHeaders(ctx context.Context, id int64, headers []explorer.ProjectHeader) error
	// InsertProjectRows appends rows numbered from first (1-based).
	InsertProjectRows(ctx context.Context, id int64, first int, rows [][]string) error
	// AddProjectText adds n bytes to the text a project's rows store.
	AddProjectText(ctx context.Context, id int64, n int64) error
	// SaveProjectSpace keeps a project's learnt word space (the file of
	// package wordspace) for every instance, in place of the one it had,
	// recording its size and charging its owner the difference, as the
	// project's other bytes (ETOOLARGE past the budget is the caller's
	// check); its version is one more than
	// the replaced one's. ENOTFOUND when the project is gone.
	SaveProjectSpace(ctx context.Context, project, account int64, language string, data []byte) error
	// AccountProjectText is the text the projects of an account (its
	// user's and those of the users it manages) store.
	AccountProjectText(ctx context.Context, accountID int64) (int64, error)
	// EachProjectRow calls fn with each row's cells in order; fn must not
	// use the store.
	EachProjectRow(ctx context.Context, id int64, fn func(cells []string) error) error
	// CountProjectRows counts the stored rows of a project.
	CountProjectRows(ctx context.Context, id int64) (int, error)
	// DeleteProject deletes a project with its rows, headers and counts.
	DeleteProject(ctx context.Context, id int64) error
}

// CreateProject creates a project owned by the caller. The import of
// projects from files builds on it.
func (s *Service) CreateProject(ctx context.Context, in NewProject) (*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	title, err := cleanProjectTitle(in.Title)
	if err != nil {
		return nil, err
	}
	lang := ""
	if in.Language != "" {
		code, ok := language.Normalize(strings.TrimSpace(in.Language))
		if !ok {
			return nil, explorer.Invalid("language must be an ISO 639-1 code", explorer.FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		lang = code
	}
	status := in.Status
	if status == "" {
		status = explorer.ProjectReady
	}
	switch status {
	case explorer.ProjectInitializing, explorer.ProjectReady, explorer.ProjectExploring, explorer.ProjectExplored, explorer.ProjectAppending, explorer.ProjectDeleting, explorer.ProjectFailed:
	default:
		return nil, explorer.Invalid("unknown project status "+status, explorer.FieldError{Field: "status", Message: "unknown status"})
	}
	groups, err := models.NormalizeGroups(in.Groups, "groups")
	if err != nil {
		return nil, err
	}
	var st explorer.Structure
	st.Groups = models.AssignIDs(nil, groups, &models.IDCounters{Group: 1, Topic: 1})
	st.IgnoreTerms = models.AssignIgnoreIDs(nil, models.NormalizeTerms(in.IgnoreTerms), new(int64(1)))
	st.IgnoreTermsDictionary = map[string]string{}
	headers := append([]explorer.ProjectHeader{}, in.Headers...)
	p := &explorer.Project{
		OwnerID: u.ID, Owner: u.Username, Title: title, Created: s.clock.Now(), Rows: in.Rows,
		Encoding: in.Encoding, Status: status, StatusMessage: in.StatusMessage, Language: lang,
		Headers: headers, Structure: st,
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.root.CheckOwned(ctx, u.ID, explorer.OwnedProjects); err != nil {
			return err
		}
		return s.root.WithinStorage(ctx, u.ID, func() error { return s.store.CreateProject(ctx, p) })
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// RecordExploration records that a project was explored with the current
// version of its model. A DYNAMIC model stops being outdated when all its
// projects were explored with its current version.
func (s *Service) RecordExploration(ctx context.Context, projectID int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.root.OwnProject(ctx, u, projectID)
		if err != nil {
			return err
		}
		if p.ModelID == nil {
			return explorer.Errorf(explorer.ECONFLICT, "project %d has no model", p.ID)
		}
		m, err := s.store.FindModel(ctx, *p.ModelID, u.ID)
		if err != nil {
			return err
		}
		if err := s.store.SetProjectModel(ctx, p.ID, p.ModelID, &m.Version); err != nil {
			return err
		}
		return s.clearOutdated(ctx, u, m.ID)
	})
}
