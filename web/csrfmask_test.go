package web

import (
	"strings"
	"testing"
)

func TestCSRFMasked(t *testing.T) {
	token := "k3J9xQ2mZ8pL0vN4tR6yW1bC5dF7gH9j"
	seen := map[string]bool{}
	for range 50 {
		m := maskCSRF(token)
		if seen[m] || strings.Contains(m, token) {
			t.Fatalf("masked token %q repeats or holds the token", m)
		}
		seen[m] = true
		if !validCSRF(m, token) {
			t.Fatalf("masked token %q does not validate", m)
		}
	}
	other := maskCSRF("A" + token[1:])
	for _, bad := range []string{"", other, maskCSRF(token)[1:], maskCSRF(token) + "A", strings.Repeat("A", 86), "!!!", token[:len(token)-1] + "x"} {
		if validCSRF(bad, token) {
			t.Fatalf("%q validated", bad)
		}
	}
	if validCSRF(maskCSRF(""), "") || !validCSRF(token, token) {
		t.Fatal("empty or unmasked token")
	}
}
