package explorer

import (
	"context"
	"strings"
	"time"

	"explorer/language"
)

// Project statuses.
const (
	ProjectInitializing = "INITIALIZING"
	ProjectReady        = "READY"
	ProjectExploring    = "EXPLORING"
	ProjectExplored     = "EXPLORED"
	ProjectAppending    = "APPENDING"
	ProjectDeleting     = "DELETING"
	// ProjectFailed is a project whose import, explore or tonality
	// measurement failed; its status message says why. One whose import
	// failed has no rows (delete it, import again); else it can be
	// explored again.
	ProjectFailed = "FAILED"
)

// ProjectTitleMax is the longest project title.
const ProjectTitleMax = 500

// ProjectHeader describes one column of a project's table.
type ProjectHeader struct {
	ID                  int64
	Header              string
	TimeSeriesCandidate bool
	Filterable          bool
	NPSCandidate        bool
	SuggestedLanguage   string
	ColumnDataSize      int
	NumberOfEmptyCells  int
}

// Project is a table of texts being explored, as stored. A model is made
// from a project's topics, and applied to projects.
type Project struct {
	ID            int64
	OwnerID       int64
	Owner         string // the owner's username (read only)
	Title         string
	Created       time.Time
	Rows          int
	Encoding      string
	Status        string
	StatusMessage string
	// Language is the upper-case ISO 639-1 code of the texts.
	Language string
	Headers  []ProjectHeader
	// Structure is the project's own groups, topics and ignore terms.
	Structure Structure
	// ModelID is the model applied to the project, nil when none.
	ModelID *int64
	// Model is the info of that model as the project's owner sees it (read
	// with the project; ModelProjects sets it as its
	// caller sees it): nil when none is applied or it may no longer be
	// seen.
	Model *ModelInfo
	// ExploredVersion is the version of that model the project was last
	// explored with, nil when never.
	ExploredVersion *int
	// TextColumn is the header of the column last explored ("" never).
	TextColumn string
	// ExploredTexts is the number of non-empty texts last explored.
	ExploredTexts int
	// TopicCounts holds, per topic id of Structure, the number of texts
	// that contained one of its terms when the project was last explored.
	TopicCounts map[int64]int
	// TonalityState tells whether the stored tonality is measured, stale
	// or never measured (TonalityMeasured, TonalityStale, TonalityNever).
	TonalityState string
}

// NewProject is the input of CreateProject.
type NewProject struct {
	Title         string
	Rows          int
	Encoding      string
	Status        string
	StatusMessage string
	Language      string
	Headers       []ProjectHeader
	Groups        []Group
	IgnoreTerms   []string
}

// ProjectStore keeps projects.
type ProjectStore interface {
	// CreateProject inserts p and sets its ID (and its headers' IDs).
	CreateProject(ctx context.Context, p *Project) error
	FindProject(ctx context.Context, id int64) (*Project, error)
	// FindModelProjects lists the projects a model is applied to, by id.
	FindModelProjects(ctx context.Context, modelID int64) ([]*Project, error)
	// SetProjectModel applies a model (nil: none) to a project and
	// records the version it was explored with (nil: never).
	SetProjectModel(ctx context.Context, projectID int64, modelID *int64, explored *int) error
	// DetachModelProjects removes a model from every project it is
	// applied to.
	DetachModelProjects(ctx context.Context, modelID int64) error
	// FindUserProjects lists the projects a user owns, by id, in the
	// window page.
	FindUserProjects(ctx context.Context, ownerID int64, page Page) ([]*Project, error)
	// UpdateProject writes a project's fields (not its headers or rows).
	UpdateProject(ctx context.Context, p *Project) error
	// SetProjectStatus sets a project's status and status message.
	SetProjectStatus(ctx context.Context, id int64, status, message string) error
	// FindProjectsInStatus lists the projects in one of statuses, by id.
	FindProjectsInStatus(ctx context.Context, statuses ...string) ([]*Project, error)
	// ListProjects is the window of the projects ownerID owns that q
	// selects, and their number: the failed imports only, or all others.
	ListProjects(ctx context.Context, ownerID int64, q ListQuery, failed bool) ([]*Project, int, error)
	// SwapProjectStatus sets a project's status and message only while
	// it still has fromStatus and fromMessage; it reports whether it did.
	SwapProjectStatus(ctx context.Context, id int64, fromStatus, fromMessage, status, message string) (bool, error)
	// ReplaceProjectHeaders replaces a project's headers, setting IDs.
	ReplaceProjectHeaders(ctx context.Context, id int64, headers []ProjectHeader) error
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
	// ProjectSpaceVersions lists the spaces of an account's projects in a
	// language, by project id: when most > 0, only those of its most
	// newest projects (the highest ids).
	ProjectSpaceVersions(ctx context.Context, account int64, language string, most int) ([]ProjectSpaceVersion, error)
	// ProjectSpaceData reads the file of a project's space of that
	// version; ENOTFOUND when it has none of that version any more.
	ProjectSpaceData(ctx context.Context, project, version int64) ([]byte, error)
	// AnyProjectSpaces tells whether any project has a space of a language.
	AnyProjectSpaces(ctx context.Context, language string) (bool, error)
	// AccountProjectText is the text the projects of an account (its
	// user's and those of the users it manages) store.
	AccountProjectText(ctx context.Context, accountID int64) (int64, error)
	// EachProjectRow calls fn with each row's cells in order; fn must not
	// use the store.
	EachProjectRow(ctx context.Context, id int64, fn func(cells []string) error) error
	// CountProjectRows counts the stored rows of a project.
	CountProjectRows(ctx context.Context, id int64) (int, error)
	// SetProjectTopicCounts replaces the per-topic text counts.
	SetProjectTopicCounts(ctx context.Context, id int64, counts map[int64]int) error
	// DeleteProject deletes a project with its rows, headers and counts.
	DeleteProject(ctx context.Context, id int64) error
}

// CreateProject creates a project owned by the caller. The import of
// projects from files builds on it.
func (s *Service) CreateProject(ctx context.Context, in NewProject) (*Project, error) {
	u, err := activeActor(ctx)
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
			return nil, Invalid("language must be an ISO 639-1 code", FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
		}
		lang = code
	}
	status := in.Status
	if status == "" {
		status = ProjectReady
	}
	switch status {
	case ProjectInitializing, ProjectReady, ProjectExploring, ProjectExplored, ProjectAppending, ProjectDeleting, ProjectFailed:
	default:
		return nil, Invalid("unknown project status "+status, FieldError{Field: "status", Message: "unknown status"})
	}
	groups, err := normalizeGroups(in.Groups, "groups")
	if err != nil {
		return nil, err
	}
	var st Structure
	st.Groups = assignIDs(nil, groups, &idCounters{group: 1, topic: 1})
	st.IgnoreTerms = assignIgnoreIDs(nil, normalizeTerms(in.IgnoreTerms), new(int64(1)))
	st.IgnoreTermsDictionary = map[string]string{}
	headers := append([]ProjectHeader{}, in.Headers...)
	p := &Project{
		OwnerID: u.ID, Owner: u.Username, Title: title, Created: s.clock.Now(), Rows: in.Rows,
		Encoding: in.Encoding, Status: status, StatusMessage: in.StatusMessage, Language: lang,
		Headers: headers, Structure: st,
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.checkOwned(ctx, u.ID, OwnedProjects); err != nil {
			return err
		}
		return s.withinStorage(ctx, u.ID, func() error { return s.store.CreateProject(ctx, p) })
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// ownProject returns a project the caller owns; any other is ENOTFOUND.
func (s *Service) ownProject(ctx context.Context, u *User, id int64) (*Project, error) {
	p, err := s.store.FindProject(ctx, id)
	if ErrorCode(err) == ENOTFOUND || (err == nil && p.OwnerID != u.ID) {
		return nil, Errorf(ENOTFOUND, "project %d not found", id)
	}
	return p, err
}

// RecordExploration records that a project was explored with the current
// version of its model. A DYNAMIC model stops being outdated when all its
// projects were explored with its current version.
func (s *Service) RecordExploration(ctx context.Context, projectID int64) error {
	u, err := activeActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.ownProject(ctx, u, projectID)
		if err != nil {
			return err
		}
		if p.ModelID == nil {
			return Errorf(ECONFLICT, "project %d has no model", p.ID)
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

// withModel returns p with model (nil: none) as the info of its model.
func withModel(p *Project, model *ModelInfo) *Project {
	p.Model = model
	return p
}
