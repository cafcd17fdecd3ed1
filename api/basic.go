package api

import (
	"encoding/base64"
	"strings"
)

// decodeBasic decodes the credential of an Authorization: Basic header.
func decodeBasic(cred string) (user, pass string, ok bool) {
	b, err := base64.StdEncoding.DecodeString(cred)
	if err != nil {
		return "", "", false
	}
	user, pass, ok = strings.Cut(string(b), ":")
	return user, pass, ok && user != ""
}
