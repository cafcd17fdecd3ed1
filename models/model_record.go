package models

import (
	"context"
	"explorer"
	"fmt"
	"time"
)

// Model types.
const (
	ModelStandard = "STANDARD"
	ModelDynamic  = "DYNAMIC"
	ModelManaged  = "MANAGED"
)

// Limits of model input.
const (
	ModelTitleMax = 500
	GroupTitleMax = 500
	TopicTitleMax = 500
	TermMax       = 500
)

// Model is a whole model: its current or a past version's structure, the
// users who have access and the pending invitations. The groups, ignore
// terms and dictionary of a model the Service answers are shared between
// answers: callers must not modify them.
type Model struct {
	explorer.ModelInfo
	Groups                []explorer.Group
	UsersAccess           []ModelAccess
	Invitations           []ModelInvitation
	IgnoreTerms           []explorer.IgnoreTerm
	IgnoreTermsDictionary map[string]string

	// Version is the number of the version whose structure this is.
	Version int
	// Revision counts the editor's amendments of that version (0: none);
	// Tag names both.
	Revision int
	// Rights is the caller's level: READ, READ_WRITE or OWNER.
	Rights string
	// SharingStamp counts the changes of UsersAccess and Invitations
	// (ModelRecord.SharingStamp).
	SharingStamp int64

	// content names the content of the groups, ignore terms and
	// dictionary (ContentKey).
	content ContentKey
}

// ContentKey names the content of a model's groups, ignore terms and
// dictionary. Two models the Service answered with equal keys (other
// than the zero key) hold the same content, now and later: an amendment
// or a new version is a new key, and model ids are never reused. So a
// form derived from the content (an encoding, say) can be kept under
// its key. A model built otherwise has the zero key.
type ContentKey struct {
	model    int64
	version  int
	revision int
}

// NewContentKey is the key of a revision of a version of a model: the
// models domain makes it for the versions it answers, with a revision
// that no longer changes for a version that is not the newest.
func NewContentKey(model int64, version, revision int) ContentKey {
	return ContentKey{model, version, revision}
}

// SetContentKey sets the key of the content the model was built with.
func (m *Model) SetContentKey(k ContentKey) { m.content = k }

// IsZero reports whether k names no content.
func (k ContentKey) IsZero() bool { return k == ContentKey{} }

// ContentKey returns the key of the model's content.
func (m *Model) ContentKey() ContentKey { return m.content }

// CanWrite reports whether the caller may update and share the model.
func (m *Model) CanWrite() bool {
	return m.Rights == explorer.RightsReadWrite || m.Rights == explorer.RightsOwner
}

// IsOwner reports whether the caller owns the model.
func (m *Model) IsOwner() bool { return m.Rights == explorer.RightsOwner }

// ModelAccess is a user's access to a model shared with it.
type ModelAccess struct {
	ID      int64
	Rights  string
	Created time.Time
	User    explorer.UserRef

	ModelID int64
	UserID  int64
}

// ModelInvitation is a pending invitation to a model.
type ModelInvitation struct {
	ID        int64
	Created   time.Time
	Model     *explorer.ModelInfo
	Rights    string
	Recipient explorer.UserRef

	ModelID     int64
	SenderID    int64
	RecipientID int64
	Sender      explorer.UserRef
	// Delivery tells the sender of a new invitation whether the recipient
	// is e-mailed about it; empty once stored.
	Delivery explorer.Delivery
}

// ModelVersion is one version of a model's structure.
type ModelVersion struct {
	Version int
	Created time.Time
	// CreatedBy is the user whose upload, update or restore made the
	// version; nil when unknown (a deleted user, or a version older than
	// the record).
	CreatedBy *explorer.UserRef
}

// ModelProjects are the projects connected to a DYNAMIC model, each with
// the info of the model it applies (Project.Model).
type ModelProjects struct {
	MasterProject     *explorer.Project
	DependentProjects []*explorer.Project
}

// ModelInput is a change of a model's title and structure (UpdateModel).
// A nil field keeps what the model has; a present one (even empty)
// replaces it.
type ModelInput struct {
	Title                 *string
	Groups                *[]explorer.Group
	IgnoreTerms           *[]string
	IgnoreTermsDictionary map[string]string

	// BasedOn, when not empty, makes the update conditional: it is made
	// only when the model's current version is one of these (the version
	// the caller read before editing). Otherwise nothing changes and the
	// error is ECONFLICT wrapping a *StaleModelError that names the
	// current version. The comparison runs under the model's lock, in
	// the transaction of the write.
	BasedOn []VersionTag
}

// StaleModelError is the cause of the ECONFLICT answer to an update
// whose BasedOn no longer holds the model's current version, or to an
// editor change that meets a newer change of the same topic or group.
type StaleModelError struct {
	ModelID int64
	Current int
	// Tag is the current version with its amendments.
	Tag VersionTag
}

func (e *StaleModelError) Error() string {
	return fmt.Sprintf("model %d is at version %d", e.ModelID, e.Current)
}

// ModelUpdate is the title and kind of a model created empty.
type ModelUpdate struct {
	Title   *string
	Dynamic bool
}

// ModelRecord is a model as stored, without its structure.
type ModelRecord struct {
	ID       int64
	Title    *string
	Type     string
	Language string
	Outdated bool
	OwnerID  int64
	// Owner is the owner's username (read only).
	Owner   string
	Created time.Time
	// Version is the number of the current version; Revision counts the
	// editor's amendments of it (see EditModel).
	Version  int
	Revision int
	// MasterProjectID is the master project of a DYNAMIC model.
	MasterProjectID *int64
	// NextGroupID, NextTopicID and NextIgnoreTermID are the ids the next
	// new group, topic and ignore term receive; ids are never reused
	// within a model.
	NextGroupID      int64
	NextTopicID      int64
	NextIgnoreTermID int64
	// Rights is the level of the user the record was read for: OWNER,
	// READ_WRITE, READ or "" (no access).
	Rights string
	// Counts are the list's counts, kept by the store (read only).
	Counts ModelCounts
	// SharingStamp counts the changes of the model's accesses and
	// invitations, kept by the store (read only).
	SharingStamp int64
}

// Info returns the record as a ModelInfo.
func (r *ModelRecord) Info() explorer.ModelInfo {
	return explorer.ModelInfo{
		ID: r.ID, Title: r.Title, Created: r.Created, CreatedBy: explorer.UserRef{UserID: r.Owner},
		Type: r.Type, Outdated: r.Outdated, Language: r.Language,
	}
}

// ModelStore keeps models, their versions, accesses and invitations.
type ModelStore interface {
	// CreateModel inserts m (setting its ID) and its version 1, made by
	// its owner.
	CreateModel(ctx context.Context, m *ModelRecord, s *explorer.Structure) error
	// FindModel returns a model with the rights userID holds on it
	// (Rights "" when none).
	FindModel(ctx context.Context, id, userID int64) (*ModelRecord, error)
	// FindModels lists the models userID owns or has access to, by id.
	FindModels(ctx context.Context, userID int64, page explorer.Page) ([]*ModelRecord, error)
	// ListModels is the window of those models q selects, with their
	// counts, and the number of models it selects.
	ListModels(ctx context.Context, userID int64, q explorer.ListQuery) ([]*ModelRecord, int, error)
	// LockModel takes the write lock of a model's row until the
	// transaction ends, so that concurrent updates of one model run one
	// after the other (PostgreSQL; SQLite's write transaction already
	// does), and returns the model as FindModel does, read under the lock.
	LockModel(ctx context.Context, id, userID int64) (*ModelRecord, error)
	// UpdateModel saves the title, outdated flag, version and id counters.
	UpdateModel(ctx context.Context, m *ModelRecord) error
	// DeleteModel removes a model with its versions, accesses and
	// invitations.
	DeleteModel(ctx context.Context, id int64) error
	// SetModelSource records that a model was made from a project;
	// FindModelSource answers it (0: made otherwise); FindSourcedModels
	// lists the models made from a project that userID can read, by id.
	SetModelSource(ctx context.Context, modelID, projectID int64) error
	FindModelSource(ctx context.Context, modelID int64) (int64, error)
	FindSourcedModels(ctx context.Context, projectID, userID int64) ([]*ModelRecord, error)

	// SaveModelVersion stores s as the new version m.Version of model m,
	// made by the user createdBy, and saves m as UpdateModel does, in one
	// update of the model's row.
	SaveModelVersion(ctx context.Context, m *ModelRecord, created time.Time, createdBy int64, s *explorer.Structure) error
	// SaveEditorVersion is SaveModelVersion for a version made by the
	// model editor (EditModel), marked so: the editor may amend it while
	// it is the newest.
	SaveEditorVersion(ctx context.Context, m *ModelRecord, created time.Time, createdBy int64, s *explorer.Structure) error
	// FindModelVersion returns a version's structure; ENOTFOUND when the
	// model has no such version.
	FindModelVersion(ctx context.Context, modelID int64, version int) (*explorer.Structure, error)
	// FindModelVersionRevision returns a version's revision (how often
	// the editor amended it); ENOTFOUND when the model has no such version.
	FindModelVersionRevision(ctx context.Context, modelID int64, version int) (int, error)
	// AmendModelVersion replaces the structure of model m's newest
	// version (m.Version) with s as its revision m.Revision, changed at
	// at, keeping the one it replaces as an amendment that
	// FindModelAmendment still reads, and saves m as UpdateModel does in
	// the statement that keeps the model's newest version time and counts
	// (the model's row is updated once). With when, it does so only
	// when the version is amendable as when says, and reports whether it
	// did; nil amends whatever made the version.
	AmendModelVersion(ctx context.Context, m *ModelRecord, at time.Time, s *explorer.Structure, when *Amendable) (bool, error)
	// FindModelAmendment returns the structure a version had at a
	// revision that was amended since; ENOTFOUND when there is none.
	FindModelAmendment(ctx context.Context, modelID int64, version, revision int) (*explorer.Structure, error)
	// FindModelVersions lists a model's versions in ascending order, each
	// with the username of its author (nil when unknown).
	FindModelVersions(ctx context.Context, modelID int64) ([]ModelVersion, error)
	// FindModelVersionsPage is the window page of FindModelVersions.
	FindModelVersionsPage(ctx context.Context, modelID int64, page explorer.Page) ([]ModelVersion, error)
	// FindNewestModelVersions lists a model's newest n versions up to
	// version upTo, newest first.
	FindNewestModelVersions(ctx context.Context, modelID int64, upTo, n int) ([]ModelVersion, error)

	CreateModelAccess(ctx context.Context, a *ModelAccess) error
	FindModelAccess(ctx context.Context, id int64) (*ModelAccess, error)
	// FindModelAccesses lists a model's accesses by id.
	FindModelAccesses(ctx context.Context, modelID int64) ([]ModelAccess, error)
	DeleteModelAccess(ctx context.Context, id int64) error
	// FindModelSharing returns a model's accesses and pending invitations,
	// both by id, in one round trip.
	FindModelSharing(ctx context.Context, modelID int64) ([]ModelAccess, []ModelInvitation, error)

	// CreateModelInvitation inserts inv; ECONFLICT when the recipient
	// already has a pending invitation to the model.
	CreateModelInvitation(ctx context.Context, inv *ModelInvitation) error
	FindModelInvitation(ctx context.Context, id int64) (*ModelInvitation, error)
	// FindModelInvitations lists the pending invitations to a model.
	FindModelInvitations(ctx context.Context, modelID int64) ([]ModelInvitation, error)
	// FindReceivedModelInvitations lists the pending invitations a user
	// received.
	FindReceivedModelInvitations(ctx context.Context, userID int64, page explorer.Page) ([]ModelInvitation, error)
	DeleteModelInvitation(ctx context.Context, id int64) error
}
