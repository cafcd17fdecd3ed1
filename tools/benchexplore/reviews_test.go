package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"explorer/analysis"
)

// A term annotation gives a sentence the entities of its annotated terms.
func TestReadReviewsTermCategories(t *testing.T) {
	xml := `<sentences>
<sentence id="1"><text>The screen and the keyboard are fine.</text>
<aspectTerms><aspectTerm term="Screen" polarity="positive" from="4" to="10"/>
<aspectTerm term="keyboard" polarity="positive" from="19" to="27"/></aspectTerms></sentence>
<sentence id="2"><text>Great price.</text>
<aspectTerms><aspectTerm term="price" polarity="positive" from="6" to="11"/></aspectTerms></sentence>
<sentence id="3"><text>The display and the screen size.</text>
<aspectTerms><aspectTerm term="display" polarity="positive" from="4" to="11"/>
<aspectTerm term="screen size" polarity="positive" from="20" to="31"/></aspectTerms></sentence>
</sentences>`
	path := filepath.Join(t.TempDir(), "l.xml")
	if err := os.WriteFile(path, []byte(xml), 0o600); err != nil {
		t.Fatal(err)
	}
	tsv := "# comment\nscreen\tDISPLAY\n\nscreen size\tdisplay\ndisplay\tdisplay\nkeyboard\tkeyboard\n"
	rs, err := readReviews(path, tsv)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"display", "keyboard"}, nil, {"display"}}
	for i, r := range rs {
		if !reflect.DeepEqual(r.categories, want[i]) {
			t.Errorf("sentence %d: categories %v, want %v", i+1, r.categories, want[i])
		}
	}
	if _, err := readReviews(path, "screen display\n"); err == nil {
		t.Error("a line without a tab was read")
	}
}

// The committed annotation parses and names only SemEval-2016 entities
// other than the laptop itself.
func TestLaptops2014Categories(t *testing.T) {
	m, err := parseTermCategories(laptops2014Categories)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"battery": true, "display": true, "keyboard": true, "os": true,
		"software": true, "support": true, "cpu": true, "hard_disc": true, "memory": true,
		"graphics": true, "multimedia_devices": true, "ports": true, "power_supply": true,
		"company": true, "shipping": true, "warranty": true, "mouse": true, "fans_cooling": true,
		"optical_drives": true, "hardware": true}
	if len(m) < 40 {
		t.Errorf("%d terms mapped", len(m))
	}
	for term, c := range m {
		if !known[c] {
			t.Errorf("%s: entity %q is not in the scheme", term, c)
		}
	}
}

// The committed restaurant annotation parses and names only SemEval-2016
// restaurant entities.
func TestRestaurants2014Entities(t *testing.T) {
	m, err := parseTermCategories(restaurants2014Entities)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"food": true, "drinks": true, "service": true, "ambience": true, "location": true, "restaurant": true}
	if len(m) < 80 {
		t.Errorf("%d terms mapped", len(m))
	}
	for term, c := range m {
		if !known[c] {
			t.Errorf("%s: entity %q is not in the scheme", term, c)
		}
	}
}

// The diagnosis gives the best group's precision and recall, the
// category's sentences in no topic and only in other groups, and the
// best single topic.
func TestDiagnoseCategory(t *testing.T) {
	groups := []analysis.TopicGroup{
		{Title: "keyboard", Topics: []analysis.Topic{{Title: "keyboard", Terms: []string{"keyboard"}},
			{Title: "mouse", Terms: []string{"mouse"}}}},
		{Title: "screen", Topics: []analysis.Topic{{Title: "screen", Terms: []string{"screen"}}}},
	}
	rs := []review{{text: "The mouse is bad."}, {text: "The mouse and the screen."}, {text: "Nice keyboard."},
		{text: "Nice keyboard keys."}, {text: "The touchpad is bad."}, {text: "Fine screen."}}
	pl := place(groups, rs, "EN")
	cat := map[int]bool{0: true, 1: true, 4: true, 5: true} // the touchpad in no topic
	got := pl.diagnose("pointing", cat, pl.inGroups())
	want := "  pointing (4): best group [screen] P 1.00 R 0.50 F1 0.67; in no topic 1, only in other groups 1 ([keyboard] 1); " +
		"best topic mouse of [keyboard] P 1.00 R 0.50 F1 0.67; topics of [screen]: screen P 1.00 R 0.50"
	if got != want {
		t.Errorf("diagnosis\n%s\nwant\n%s", got, want)
	}
}

func TestParseMadeReviews(t *testing.T) {
	rs, err := parseMadeReviews("food,service\tLe magret était parfait, le service lent.\n\tNous y sommes allés samedi.\n\nFOOD,food\tBon.\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 || len(rs[0].categories) != 2 || rs[0].categories[1] != "service" ||
		rs[1].categories != nil || rs[1].text != "Nous y sommes allés samedi." || len(rs[2].categories) != 1 {
		t.Fatalf("got %+v", rs)
	}
	for _, bad := range []string{"food no tab\n", "food\t  \n"} {
		if _, err := parseMadeReviews(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	for _, set := range reviewSets { // the embedded made sets parse
		if set.sentences == "" {
			continue
		}
		least := 500 // the narrative Turkish set is small on purpose (150)
		if set.file == "made-reviews-tr-narrative.tsv" {
			least = 150
		}
		if rs, err := parseMadeReviews(set.sentences); err != nil || len(rs) < least {
			t.Errorf("%s: %d reviews, %v", set.file, len(rs), err)
		}
	}
}
