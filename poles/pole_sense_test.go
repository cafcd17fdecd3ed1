package poles_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// hotelEnv is ann, whose account learnt words from the hotel reviews of
// testdata/hotel-reviews.txt, on the embedded English space.
func hotelEnv(t *testing.T) *testkit.Env {
	t.Helper()
	reg := wordspace.NewRegistry(nil)
	reg.LoadDefault()
	e := testkit.New(t, testkit.WithWordSpaces(reg), func(o *explorer.Options) { o.ProjectSpaces = wordspace.NewProjectSpaces() })
	e.AddUser("ann", "")
	b, err := os.ReadFile("../testdata/hotel-reviews.txt")
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	w := csv.NewWriter(&table)
	w.Write([]string{"id", "comment"})
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		w.Write([]string{strconv.Itoa(i + 1), line})
	}
	w.Flush()
	p := e.ImportProject("ann", "Hotel", table.Bytes())
	if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuildProjectSpace(e.As("ann"), p.ID); err != nil {
		t.Fatal(err)
	}
	return e
}

// A Noise pole on hotel reviews, after learning words, is suggested the
// words the texts use about noise in its top 10 (issue 33's acceptance),
// which the general space alone does not give; a general neighbour the
// texts use in another sense drops.
func TestNoisePoleFollowsTheTexts(t *testing.T) {
	e := hotelEnv(t)
	noiseWords := []string{"music", "nightclub", "construction", "walls", "thin", "traffic", "drilling", "club", "bar", "street", "neighbours"}
	e.AddUser("bob", "")
	pole := mustCreatePole(t, e.As("bob"), e, poles.PoleInput{Name: "Noise", Language: "EN", Parts: partsOf("noise", nil)})
	general := suggestedWords(t, e, "bob", pole.ID, 10)
	pole = mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "Noise", Language: "EN", Parts: partsOf("noise", nil)})
	got := suggestedWords(t, e, "ann", pole.ID, 10)
	found := 0
	for _, w := range got {
		if slices.Contains(noiseWords, w) {
			found++
		}
	}
	if slices.ContainsFunc(general, func(w string) bool { return slices.Contains(noiseWords, w) && w != "loud" }) {
		t.Fatalf("the general space alone suggests words of the texts: %v", general)
	}
	if found < 3 {
		t.Fatalf("%d words of the texts about noise in the top 10: %v (without texts: %v)", found, got, general)
	}
	t.Logf("without texts: %v; with: %v", general, got)
}
