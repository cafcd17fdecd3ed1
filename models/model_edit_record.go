package models

import "time"

// AmendWindow is how long after its last change the newest version, made
// by the model editor, is amended by its author's next editor change
// instead of followed by a new version.
const AmendWindow = 5 * time.Minute

// EditKind names one change the model editor makes.
type EditKind int

// The model editor's changes (see ModelEdit).
const (
	EditAddGroup EditKind = iota + 1
	EditSaveGroup
	EditMoveGroup
	EditRemoveGroup
	EditAddTopic
	EditRenameTopic
	EditMoveTopic
	EditRemoveTopic
	EditAddTerms
	EditRemoveTerm
)

// ModelEdit is one change of a model's structure made by the editor.
type ModelEdit struct {
	Kind EditKind
	// Group is the group changed (SaveGroup, MoveGroup, RemoveGroup,
	// AddTopic); Topic the topic (the topic and term changes).
	Group int64
	Topic int64
	// Title is the new title (of the group or topic); FirstTopic the
	// title of a new group's first topic (blank: Title).
	Title      string
	FirstTopic string
	Pinned     bool
	// Terms are added (AddGroup, AddTopic, AddTerms; the service cleans
	// them); RemoveTerm removes Terms[0].
	Terms []string
	// At is where AddTerms puts the terms: before the At-th term (1 the
	// first); 0, or beyond the last, after the last.
	At int
	// By moves up (-1) or down (+1).
	By int
}

// EditResult is what EditModel did.
type EditResult struct {
	// Model is the model after the change.
	Model *Model
	// Group is the group whose part shows the change, 0 for the list of
	// groups; Topic the topic whose terms changed.
	Group int64
	Topic int64
	// Changed: the structure changed; Amended: by amending the newest
	// version instead of adding one; Merged: the change was made on an
	// older version and merged with what changed since.
	Changed bool
	Amended bool
	Merged  bool
	// RemovedAt is where RemoveTerm found the term.
	RemovedAt int
	// Already are the terms AddTerms was given that the topic held
	// already (compared by TermKey), as given; they are not added again.
	Already []string
	// Refresh are the groups of a merged change that others changed
	// since its base (their parts are out of date on the page);
	// Reordered: groups were added, removed or moved since.
	Refresh   []int64
	Reordered bool
	// record is the model's record as the change left it, for the answer's
	// newest versions (NewestVersionsAfter).
	record *ModelRecord
}
