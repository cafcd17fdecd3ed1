package explorer

import "context"

// Payer returns the user whose account pays for u: its manager, or u.
// The domains read it through the kernel: the projects' and poles' texts
// and word spaces belong to the paying account.
func (s *Service) Payer(ctx context.Context, u *User) (*User, error) {
	m, err := s.store.FindManager(ctx, u.ID)
	if ErrorCode(err) == ENOTFOUND {
		return u, nil
	}
	return m, err
}
