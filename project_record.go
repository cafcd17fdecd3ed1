package explorer

// The records of projects the kernel and the other domains read: the
// projects domain (package projects) keeps its operations and the rest
// of its store.

import (
	"context"
	"time"
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

// OwnProject returns a project the caller owns; any other is ENOTFOUND.
func (s *Service) OwnProject(ctx context.Context, u *User, id int64) (*Project, error) {
	p, err := s.store.FindProject(ctx, id)
	if ErrorCode(err) == ENOTFOUND || (err == nil && p.OwnerID != u.ID) {
		return nil, Errorf(ENOTFOUND, "project %d not found", id)
	}
	return p, err
}

// Tonality states of a project (Project.TonalityState).
const (
	// TonalityNever: the project was not measured (explored before
	// tonality existed, or never explored).
	TonalityNever = ""
	// TonalityMeasured: the stored tonality is that of the current texts,
	// topics, poles and word corrections.
	TonalityMeasured = "measured"
	// TonalityStale: a change awaits its measurement, which runs in the
	// background; the stored tonality is the previous one.
	TonalityStale = "stale"
)

// WordPolarity is an account's correction of a word's polarity in one
// language: -1 negative, 1 positive, 0 not an opinion word.
type WordPolarity struct {
	Language string
	Word     string
	Polarity int
	Created  time.Time
}

// ProjectRecords is the part of the store the kernel and the other
// domains read and write about projects: a project as a model's source
// or dependant, the spaces that serve pole suggestions, the tonality a
// change of a model, pole or word correction makes stale. The rest of
// the projects' store is the projects domain's (projects.Store).
type ProjectRecords interface {
	FindProject(ctx context.Context, id int64) (*Project, error)
	// FindModelProjects lists the projects a model is applied to, by id.
	FindModelProjects(ctx context.Context, modelID int64) ([]*Project, error)
	// SetProjectModel applies a model (nil: none) to a project and
	// records the version it was explored with (nil: never).
	SetProjectModel(ctx context.Context, projectID int64, modelID *int64, explored *int) error
	// DetachModelProjects removes a model from every project it is
	// applied to.
	DetachModelProjects(ctx context.Context, modelID int64) error
	// UpdateProject writes a project's fields (not its headers or rows).
	UpdateProject(ctx context.Context, p *Project) error
	// ProjectSpaceVersions lists the spaces of an account's projects in a
	// language, by project id: when most > 0, only those of its most
	// newest projects (the highest ids).
	ProjectSpaceVersions(ctx context.Context, account int64, language string, most int) ([]ProjectSpaceVersion, error)
	// ProjectSpaceData reads the file of a project's space of that
	// version; ENOTFOUND when it has none of that version any more.
	ProjectSpaceData(ctx context.Context, project, version int64) ([]byte, error)
	// AnyProjectSpaces tells whether any project has a space of a language.
	AnyProjectSpaces(ctx context.Context, language string) (bool, error)
	// SetProjectTopicCounts replaces the per-topic text counts.
	SetProjectTopicCounts(ctx context.Context, id int64, counts map[int64]int) error
	// LockProject takes the project's row lock for the transaction of ctx
	// before its other writes (so that they wait for a delete, not cross
	// it), after the locks of the models applied to it or made from it (a
	// model before its projects: the lock order of every transaction).
	LockProject(ctx context.Context, id int64) error
	// MarkTonalityStale makes the measured tonality of projects stale and
	// counts a change (their generation); never-measured ones are left.
	MarkTonalityStale(ctx context.Context, projectIDs ...int64) error
	// FindPoleProjects lists the projects measured with a pole, by id.
	FindPoleProjects(ctx context.Context, poleID int64) ([]*Project, error)
	// DropPoleFromProjects removes a pole from the projects measured with
	// it, noting its name in each project's dropped poles.
	DropPoleFromProjects(ctx context.Context, poleID int64, name string) error
	// FindWordPolarities lists an account's corrections by language, word.
	FindWordPolarities(ctx context.Context, userID int64) ([]WordPolarity, error)
}
