package identity

import (
	"context"
)

// comparePassword verifies password against hash for a sign-in or a
// confirmation, in the bounded pool (hash_pool.go).
func (s *Service) comparePassword(ctx context.Context, hash, password string) error {
	return s.hashes.run(ctx, func() error { return s.hasher.Compare(hash, password) })
}
