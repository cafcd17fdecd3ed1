package identity

import (
	"context"

	"explorer"
)

// Sign-in methods, as a sign-in's outcome names them.
const (
	SignInPassword = "password"
	SignInToken    = "token"
	SignInLDAP     = "ldap"
	SignInOIDC     = "oidc"
	SignInTOTP     = "totp"
)

// signInActions are the audit log's actions of the sign-in methods.
var signInActions = map[string]string{
	SignInPassword: explorer.ActionSignInPassword,
	SignInToken:    explorer.ActionSignInToken,
	SignInLDAP:     explorer.ActionSignInLDAP,
	SignInOIDC:     explorer.ActionSignInOIDC,
	SignInTOTP:     explorer.ActionSignInTOTP,
}

// passwordAction is the action of a verified password's sign-in: a
// directory person's password was checked by the directory.
func passwordAction(u *explorer.User) string {
	if u.Source == explorer.SourceLDAP {
		return explorer.ActionSignInLDAP
	}
	return explorer.ActionSignInPassword
}

// signInOutcome is the one place where the outcome of a sign-in attempt
// is recorded in the audit log, for every method: a verified password
// (local or LDAP), an OpenID Connect callback, a second factor. err nil
// is a success; a refusal is recorded with its message (never a secret:
// the refusals name no password, code or token). Errors that are no
// refusal (a database that fails) are not recorded. It answers the error
// of writing the record.
func (s *Service) signInOutcome(ctx context.Context, method, username string, err error) error {
	reason := ""
	if err != nil {
		switch explorer.ErrorCode(err) {
		case explorer.EUNAUTHORIZED, explorer.EFORBIDDEN, explorer.EUNAVAILABLE:
			reason = explorer.ErrorMessage(err)
		default:
			return nil
		}
	}
	return s.root.AuditSignIn(ctx, signInActions[method], username, reason)
}
