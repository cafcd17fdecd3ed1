package wordspaceasset_test

import (
	"testing"

	wordspaceasset "explorer/assets/wordspace"
	"explorer/language"
)

// TestSpacesAreCanonicalLanguages: every embedded space is listed under a
// canonical code of the language table, once, English among them (the
// check package language made of its embedded spaces before it stopped
// importing this package).
func TestSpacesAreCanonicalLanguages(t *testing.T) {
	seen := map[string]bool{}
	for _, sp := range wordspaceasset.Spaces() {
		if got, ok := language.Canonical(sp.Lang); !ok || got != sp.Lang {
			t.Errorf("%s (%s) listed, not a canonical code", sp.Lang, sp.File)
		}
		if seen[sp.Lang] {
			t.Errorf("%s listed twice", sp.Lang)
		}
		if len(sp.Data) == 0 {
			t.Errorf("%s: %s is empty", sp.Lang, sp.File)
		}
		seen[sp.Lang] = true
	}
	if !seen["EN"] || len(wordspaceasset.English) == 0 {
		t.Errorf("no English space: %v", seen)
	}
	if seen["ZU"] {
		t.Error("Zulu has an embedded space")
	}
}
