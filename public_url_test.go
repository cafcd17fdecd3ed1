package explorer_test

import (
	"testing"

	explorer "explorer"
)

// Public URLs are checked: hostile or malformed values are refused.
func TestCleanPublicURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "",
		" https://ex.example.com/ ":      "https://ex.example.com",
		"http://10.0.0.1:8080/explorer/": "http://10.0.0.1:8080/explorer",
	} {
		if got, err := explorer.CleanPublicURL(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	for _, bad := range []string{"ex.example.com", "ftp://ex.example.com", "https://", "https://u:p@ex.example.com",
		"https://ex.example.com/?a=b", "https://ex.example.com/#x", "javascript:alert(1)", "https://ex.example.com/\x00", "https://ex.example.com/\r\nX: y"} {
		if got, err := explorer.CleanPublicURL(bad); err == nil {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
}
