package absa

import (
	"strings"
	"testing"
)

// Sentences are read wherever they are nested, in both formats.
func TestRead(t *testing.T) {
	in := `<Reviews><Review><sentences>
<sentence><text>The food was great.</text><aspectTerms><aspectTerm term="food" polarity="positive" from="4" to="8"/></aspectTerms>
<aspectCategories><aspectCategory category="food" polarity="positive"/></aspectCategories></sentence>
<sentence><text>Pricey.</text><Opinions><Opinion target="NULL" category="RESTAURANT#PRICES" polarity="negative" from="0" to="0"/></Opinions></sentence>
</sentences></Review></Reviews>`
	var got []Sentence
	if err := Read(strings.NewReader(in), func(s Sentence) error { got = append(got, s); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Aspects[0].Term != "food" || got[0].Categories[0].Category != "food" ||
		got[1].Opinions[0].Category != "RESTAURANT#PRICES" || got[1].Text != "Pricey." {
		t.Fatalf("%+v", got)
	}
	if err := Read(strings.NewReader("<sentence><text>cut"), func(Sentence) error { return nil }); err == nil {
		t.Error("a cut file read without error")
	}
}
