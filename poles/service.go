// Package poles is the poles domain: weighted lists of terms, the terms
// suggested for them from the word spaces of their language (blended with
// the texts of the owner's account) and the terms declined as
// suggestions. Its Service builds on the root package's kernel (the
// caller, errors, the clock, budgets, the store transaction, settings and
// word corrections); the records it keeps (Pole, PolePart) stay
// in the root, which other domains read them from and never imports this
// package. Package domains wires it beside the root Service for the edges.
package poles

import "explorer"

// Store is the persistence the poles domain needs: the kernel's store and
// the poles' own part (poles with their parts, declined terms). Package
// store implements it.
type Store interface {
	explorer.Store
	PoleStore
	RejectionStore
}

// Service carries out the operations on poles and their suggestions.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root          *explorer.Service
	store         Store
	clock         explorer.Clock
	wordSpaces    explorer.WordSpaces
	projectSpaces explorer.ProjectSpaces
	suggesting    SuggestSlots // suggestions at once, per user
}

// New returns the poles' Service over store, beside root (made over the
// same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	return &Service{
		root:          root,
		store:         store,
		clock:         o.Clock,
		wordSpaces:    o.WordSpaces,
		projectSpaces: o.ProjectSpaces,
	}
}
