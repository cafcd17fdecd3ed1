package explorer

import "time"

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

// ModelCounts are what the models list shows of a model beside its
// facts: its newest version's counts, its number of versions and the
// time of its last change (its newest version's, amendments included).
// The store keeps them on the model's row.
type ModelCounts struct {
	StructureCounts
	Versions int
	Changed  time.Time
}
