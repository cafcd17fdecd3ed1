package poles

import (
	"context"
	"time"

	"explorer"
)

// PoleStore keeps poles and their parts. Parts keep their order.
type PoleStore interface {
	// CreatePole inserts p with its parts and sets its ID.
	CreatePole(ctx context.Context, p *Pole) error
	// FindPoleByID returns a pole with its parts and owner; ENOTFOUND
	// when there is none.
	FindPoleByID(ctx context.Context, id int64) (*Pole, error)
	// FindPoleForUpdate is FindPoleByID that, inside InTx, also locks the
	// pole until the transaction ends.
	FindPoleForUpdate(ctx context.Context, id int64) (*Pole, error)
	// FindPoles lists the poles the filter selects, by id, with parts.
	FindPoles(ctx context.Context, f PoleFilter) ([]*Pole, error)
	// ListPoles is the window of the poles of ownerIDs that q selects,
	// with their parts, and how many poles q selects.
	ListPoles(ctx context.Context, ownerIDs []int64, q explorer.ListQuery) ([]*Pole, int, error)
	// UpdatePole replaces the name, description, language, update time
	// and parts of p. old are the parts the pole holds, as read in the
	// same transaction, so that the store may write only the difference.
	UpdatePole(ctx context.Context, p *Pole, old []PolePart) error
	// DeletePole deletes a pole and its parts.
	DeletePole(ctx context.Context, id int64) error
}

// RejectionStore keeps the terms declined for poles, each once per pole
// by TermKey.
type RejectionStore interface {
	// AddPoleRejections records terms for a pole at time at; terms whose
	// key the pole already declined are left as they are.
	AddPoleRejections(ctx context.Context, poleID int64, terms []string, at time.Time) error
	// FindPoleRejections lists a pole's declined terms, newest first.
	FindPoleRejections(ctx context.Context, poleID int64) ([]PoleRejection, error)
	// DeletePoleRejection removes the declined term of that key;
	// ENOTFOUND when the pole has none.
	DeletePoleRejection(ctx context.Context, poleID int64, key string) error
}
