package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
)

// Pages are compressed, and a page both carries the session's CSRF token
// and reflects what the request asked (a search, a form's values): a
// BREACH-style attacker who can make the victim's browser ask many
// variations could read the token off the compressed sizes. So no page
// carries the token itself: each answer carries it masked, XORed with a
// fresh random pad and sent as base64url(pad || pad XOR token), as
// gorilla/csrf does. Every masked form unmasks to the same token, so a
// page's token keeps working whichever answer carried it.

// maskCSRF returns token masked with a fresh pad.
func maskCSRF(token string) string {
	b := make([]byte, 2*len(token))
	if _, err := rand.Read(b[:len(token)]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	for i := range len(token) {
		b[len(token)+i] = b[i] ^ token[i]
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// validCSRF reports whether sent is the session's token: masked, as
// pages carry it, or as it is (never sent in an answer, so a compressed
// answer's size says nothing about it).
func validCSRF(sent, token string) bool {
	if sent == "" || token == "" {
		return false
	}
	if len(sent) == len(token) {
		return subtle.ConstantTimeCompare([]byte(sent), []byte(token)) == 1
	}
	b, err := base64.RawURLEncoding.DecodeString(sent)
	if err != nil || len(b) != 2*len(token) {
		return false
	}
	pad, masked := b[:len(token)], b[len(token):]
	for i := range masked {
		masked[i] ^= pad[i]
	}
	return subtle.ConstantTimeCompare(masked, []byte(token)) == 1
}
