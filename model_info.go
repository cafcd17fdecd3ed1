package explorer

import "time"

// What the kernel keeps of the models' records (package models holds the
// rest: Model, ModelRecord, ModelStore, VersionTag, the edits and the
// cleaning of structures): a project holds a structure (Structure, Group,
// Topic, IgnoreTerm) and the info of its model (ModelInfo, UserRef), the
// table budgets read ModelTopicsMax and the notifications the rights.

// Rights a user holds on a model shared with it.
const (
	RightsRead      = "READ"
	RightsReadWrite = "READ_WRITE"
)

// RightsOwner is the level of the model's owner; it is never stored as an
// access and never answered.
const RightsOwner = "OWNER"

// ModelTopicsMax is the most topics one model holds (the table budgets
// read it for model files).
const ModelTopicsMax = 100_000

// UserRef names a user by its username.
type UserRef struct {
	UserID string
}

// ModelInfo is a model without its details.
type ModelInfo struct {
	ID int64
	// Title is nil when the model has none.
	Title     *string
	Created   time.Time
	CreatedBy UserRef
	Type      string
	Outdated  bool
	Language  string
}

// Group is a group of topics. Pinned groups stay at their place.
type Group struct {
	ID     int64
	Title  string
	Pinned bool
	Topics []Topic
}

// Topic is a named list of terms. Its dictionary is stored with the
// version; the Service answers it empty.
type Topic struct {
	ID         int64
	Title      string
	Terms      []string
	Dictionary map[string]string
}

// IgnoreTerm is a term the analysis ignores.
type IgnoreTerm struct {
	ID   int64
	Term string
}

// Structure is what a model version holds: groups and ignore terms.
type Structure struct {
	Groups                []Group
	IgnoreTerms           []IgnoreTerm
	IgnoreTermsDictionary map[string]string
}

// StructureCounts are the sizes of a model's structure the models list
// shows.
type StructureCounts struct {
	Groups, Topics, Terms int
}

// Counts counts the groups, topics and terms of s.
func (s *Structure) Counts() StructureCounts {
	c := StructureCounts{Groups: len(s.Groups)}
	for _, g := range s.Groups {
		c.Topics += len(g.Topics)
		for _, t := range g.Topics {
			c.Terms += len(t.Terms)
		}
	}
	return c
}
