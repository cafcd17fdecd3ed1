package views

import (
	"testing"

	"explorer/sheet"
)

// Every encoding offered is one the upload accepts; every language
// offered has its name.
func TestChoices(t *testing.T) {
	for _, c := range EncodingChoices() {
		if c.Value == "" {
			continue
		}
		if _, err := sheet.LookupEncoding(c.Value); err != nil {
			t.Errorf("encoding %q: %v", c.Value, err)
		}
	}
	langs := LanguageChoices()
	if len(langs) < 180 {
		t.Fatalf("%d languages", len(langs))
	}
	for _, c := range langs {
		if c.Value == "SV" && c.Label != "SV – Swedish" {
			t.Errorf("SV labelled %q", c.Label)
		}
	}
}
