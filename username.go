package explorer

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Usernames are compared in one canonical form for every sign-in method
// and every lookup: trimmed, Unicode NFC, case-folded (UsernameKey). A
// username is stored as it was given, trimmed and in NFC (UsernameForm),
// and no two users share a key: `ADMIN`, `Admin` and ` admin` are the
// local `admin`, never a second user beside it.

var folder = cases.Fold()

// UsernameForm is the stored form of a name as typed: trimmed, NFC.
func UsernameForm(name string) string {
	return norm.NFC.String(strings.TrimSpace(name))
}

// UsernameKey is the canonical form of a username, under which names are
// compared: trimmed, NFC, case-folded (and NFC again, as folding may
// leave a string that is not).
func UsernameKey(name string) string {
	return norm.NFC.String(folder.String(UsernameForm(name)))
}

// reservedActors are the names the audit log gives actors that are no
// person; no username may fold to one of them.
var reservedActors = map[string]bool{ActorCLI: true, ActorSystem: true, ActorUnknown: true, ActorAny: true}

// ReservedName reports whether name folds to an actor name the audit log
// reserves (cli, system, - and *).
func ReservedName(name string) bool { return reservedActors[UsernameKey(name)] }

// signInActor is the actor a sign-in of the name typed is recorded under:
// its canonical form, or the neutral "-" for a reserved name, so that
// nobody can write records that look like the command line's or the
// server's own.
func signInActor(name string) string {
	if name == "" || ReservedName(name) {
		return ActorUnknown
	}
	return UsernameKey(name)
}
