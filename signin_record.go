package explorer

import "context"

// The records of signing in that the kernel's Options name: the
// collaborators that verify people elsewhere (a company directory, an
// OpenID provider) and the second factor's policy. The operations on them
// are the identity domain's (package identity).

// DirectoryPerson is a person as a company directory (LDAP or OpenID
// Connect) describes them after verifying who they are.
type DirectoryPerson struct {
	// Source is SourceLDAP or SourceOIDC.
	Source string
	// ID is the directory's stable name of the person: the LDAP entry's
	// DN, or the OpenID issuer and subject.
	ID string
	// Username is the name the person is known by here when first seen.
	Username string
	// Email is the person's address in the directory ("" when none).
	Email string
	// Admin reports whether the person is in the directory's admin group.
	Admin bool
}

// Directory verifies usernames and passwords against a company directory
// (LDAP). Verify answers EUNAUTHORIZED when the directory has no such
// person or the password is wrong, and EUNAVAILABLE when the directory
// does not answer in time or cannot be used; its messages never hold the
// password nor the directory's own credentials.
type Directory interface {
	Verify(ctx context.Context, username, password string) (*DirectoryPerson, error)
}

// OpenIDProvider signs people in with OpenID Connect's authorization code
// flow with PKCE. AuthURL is where the browser goes to sign in; Exchange
// redeems the code the provider sent back to the callback, checks the ID
// token and its nonce, and returns the person. Errors are EUNAUTHORIZED
// for a refused sign-in, EUNAVAILABLE for a provider that does not
// answer; their messages never hold a secret.
type OpenIDProvider interface {
	Name() string
	AuthURL(ctx context.Context, state, nonce, verifier string) (string, error)
	Exchange(ctx context.Context, code, verifier, nonce string) (*DirectoryPerson, error)
}

// Second factor policies (Options.Require2FA).
const (
	Require2FANone   = "none"
	Require2FAAdmins = "admins"
	Require2FAAll    = "all"
)
