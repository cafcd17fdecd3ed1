package poles

import (
	"cmp"
	"slices"
	"time"

	"explorer"
)

// The records of poles, which the store keeps and the projects domain
// reads (a project is measured with poles), and the limits the edges show.

// Limits of pole input.
const (
	PoleNameMax        = 200
	PoleDescriptionMax = 5000
	PoleTermMax        = 100
	// DefaultPartWeight is the weight of a part that names none.
	DefaultPartWeight = 1.0
)

// Pole is a weighted list of terms in one language. It belongs to the user
// who created it; that user's manager may read and edit it too.
type Pole struct {
	ID          int64
	Name        string
	Description string
	Language    string
	Parts       []PolePart

	// OwnerID and Owner (the owner's username) are the pole's owner.
	OwnerID int64
	Owner   string
	Created time.Time
	Updated time.Time
}

// PolePart is one term of a pole with its weight.
type PolePart struct {
	Term   string
	Weight float64
}

// PoleInput is a pole as a caller writes it. An id in a request body is
// ignored, so it has none.
type PoleInput struct {
	Name        string
	Description string
	Language    string
	Parts       []PartInput
}

// PartInput is a part as a caller writes it; a nil Weight is
// DefaultPartWeight.
type PartInput struct {
	Term   string
	Weight *float64
}

// PoleFilter selects poles for FindPoles.
type PoleFilter struct {
	// OwnerIDs are the owners whose poles are listed; empty lists none.
	OwnerIDs []int64
	// Page is the window of the list (zero: all).
	Page explorer.Page
}

// Limits of declined suggestions.
const (
	// PoleRejectionsMax is the most terms one pole keeps declined.
	PoleRejectionsMax = 1000
)

// PoleRejection is a term declined as a suggestion for a pole.
type PoleRejection struct {
	Term    string
	Created time.Time
}

// Suggestion limits: how many suggestions one may ask for a pole.
const (
	SuggestLimitMin = 1
	SuggestLimitMax = 100
)

// SuggestionsAtOnce is how many suggestions one user may have computed at
// the same time (through the JSON interface and the pages together, on
// one instance);
// one more is refused with ETHROTTLED.
const SuggestionsAtOnce = 2

// SuggestRetryAfter is the Retry-After, in seconds, of a suggestion
// refused because the user has SuggestionsAtOnce running.
const SuggestRetryAfter = 1

// StrongestParts returns the at most n strongest parts of p, those a
// suggestion is computed from when n is SuggestQueryTerms (by weight,
// descending; equal weights in the pole's order), kept in the pole's
// order. A pole of at most n parts is answered whole.
func (p *Pole) StrongestParts(n int) []PolePart {
	if len(p.Parts) <= n {
		return p.Parts
	}
	keep := PartsByStrength(p.Parts)[:max(n, 0)]
	slices.Sort(keep)
	out := make([]PolePart, len(keep))
	for i, k := range keep {
		out[i] = p.Parts[k]
	}
	return out
}

// PartsByStrength is the indexes of parts by weight, descending, equal weights
// in the parts' order (a stable sort: the same pole, the same order).
func PartsByStrength(parts []PolePart) []int {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(parts[b].Weight, parts[a].Weight) })
	return order
}
