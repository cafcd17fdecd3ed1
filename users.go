package explorer

import "context"

// The users' operations are the identity domain's (package identity);
// the kernel keeps the lookup its budgets read and the admin check.

// FindUser returns a user by username.
func (s *Service) FindUser(ctx context.Context, username string) (*User, error) {
	return s.store.FindUserByName(ctx, username)
}

// RequireAdmin returns EFORBIDDEN unless the caller is an admin.
func RequireAdmin(ctx context.Context) error {
	u, err := Actor(ctx)
	if err != nil {
		return err
	}
	if !u.IsAdmin() {
		return Errorf(EFORBIDDEN, "only admins may manage users")
	}
	return nil
}
