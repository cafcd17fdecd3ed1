package explorer

// CredentialCache is the identity domain's memory of verified passwords
// and tokens (package identity). The kernel's user operations that end a
// user's sign-ins tell it, on this instance, after their transaction
// committed; the other instances see the change in the user's row.
type CredentialCache interface {
	// ForgetUser drops the cached credentials of a user disabled or
	// deleted.
	ForgetUser(userID int64)
	// PasswordChanged drops the cached credentials of a user whose
	// password changed, and the first start's password file when that
	// user is AdminName.
	PasswordChanged(userID int64, username string)
}

// SetCredentialCache hands the Service the identity domain's credential
// cache; without one (a root Service alone) there is nothing to forget.
func (s *Service) SetCredentialCache(c CredentialCache) { s.credentials = c }
