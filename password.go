package explorer

import (
	"errors"

	"golang.org/x/crypto/bcrypt"
)

// PasswordHasher hashes and verifies passwords with a slow salted hash.
type PasswordHasher interface {
	Hash(password string) (string, error)
	Compare(hash, password string) error
}

// BcryptHasher hashes with bcrypt at Cost (bcrypt.DefaultCost when 0).
type BcryptHasher struct{ Cost int }

// Hash returns the bcrypt hash of password.
func (h BcryptHasher) Hash(password string) (string, error) {
	cost := h.Cost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	b, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	if err != nil {
		return "", Internal(err)
	}
	return string(b), nil
}

// Compare returns nil when password matches hash.
func (h BcryptHasher) Compare(hash, password string) error {
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password))
	if errors.Is(err, bcrypt.ErrMismatchedHashAndPassword) {
		return Errorf(EUNAUTHORIZED, "invalid credentials")
	}
	if err != nil {
		return Internal(err)
	}
	return nil
}
