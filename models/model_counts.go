package models

import (
	"explorer"
	"time"
)

// ModelCounts are what the models list shows of a model beside its
// facts: its newest version's counts, its number of versions and the
// time of its last change (its newest version's, amendments included).
// The store keeps them on the model's row.
type ModelCounts struct {
	explorer.StructureCounts
	Versions int
	Changed  time.Time
}

// ModelRow is a model of the models list with its counts.
type ModelRow struct {
	explorer.ModelInfo
	ModelCounts
}

// ModelSorts are the keys the models list sorts by. The store gives each
// its column.
var ModelSorts = []string{"created", "title", "type", "language", "owner", "groups", "topics", "terms", "versions", "changed"}
