package models

import (
	"context"
	"slices"
	"sync"
)

// sharingCache keeps the sharing (accesses and pending invitations) of
// the models answered lately, each under the sharing stamp read before
// it. The store bumps a model's stamp in the transaction of every change
// of its sharing (and of every model a deleted user shared), and an
// answer reads the stamp in the model's row first: an entry of the stamp
// it read holds the sharing at that stamp or a newer one, as a read of
// the store would, on every instance. An answer then needs no read of its
// own for the sharing while the stamp holds.
type sharingCache struct {
	mu      sync.Mutex
	entries map[int64]sharingEntry
}

type sharingEntry struct {
	stamp       int64
	accesses    []ModelAccess
	invitations []ModelInvitation
}

// The cache keeps at most sharingCacheModels models (then it starts
// again), and no model shared with more than sharingCacheItems users or
// invitations, which are read each time.
const (
	sharingCacheModels = 1024
	sharingCacheItems  = 64
)

// modelSharing returns the sharing of model id at stamp: from the cache,
// or read from the store and kept. The slices are the caller's.
func (s *Service) modelSharing(ctx context.Context, id, stamp int64) ([]ModelAccess, []ModelInvitation, error) {
	c := &s.sharing
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if ok && e.stamp == stamp {
		return slices.Clone(e.accesses), slices.Clone(e.invitations), nil
	}
	accesses, invitations, err := s.store.FindModelSharing(ctx, id)
	if err != nil || len(accesses)+len(invitations) > sharingCacheItems {
		return accesses, invitations, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= sharingCacheModels {
		c.entries = map[int64]sharingEntry{}
	}
	c.entries[id] = sharingEntry{stamp: stamp, accesses: slices.Clone(accesses), invitations: slices.Clone(invitations)}
	return accesses, invitations, nil
}
