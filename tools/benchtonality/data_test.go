package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"explorer/tonality"
)

func TestReadPairs2014(t *testing.T) {
	ps, err := readPairs("testdata/tiny2014.xml", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 {
		t.Fatalf("%d pairs, want 2 (neutral left out): %+v", len(ps), ps)
	}
	if p := ps[0]; !p.positive || p.key != "food" || !strings.HasPrefix(p.text[p.start:], "food") {
		t.Errorf("first pair %+v (byte offset from a character offset after é)", p)
	}
	if p := ps[1]; p.positive || !strings.HasPrefix(p.text[p.start:], "service") {
		t.Errorf("second pair %+v", p)
	}
}

func TestReadPairs2016(t *testing.T) {
	ps, err := readPairs("testdata/tiny2016.xml", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 {
		t.Fatalf("%d pairs, want 2 (conflict left out): %+v", len(ps), ps)
	}
	if p := ps[0]; !p.positive || p.key != "DRINKS#QUALITY" || !strings.HasPrefix(p.text[p.start:], "café") {
		t.Errorf("first pair %+v", p)
	}
	if p := ps[1]; p.positive || p.start != -1 || p.key != "RESTAURANT#PRICES" {
		t.Errorf("NULL target pair %+v", p)
	}
}

func TestParseRejectsBadOffset(t *testing.T) {
	bad := `<sentences><sentence><text>short</text><aspectTerms><aspectTerm term="x" polarity="positive" from="40" to="41"/></aspectTerms></sentence></sentences>`
	path := t.TempDir() + "/bad.xml"
	if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readPairs(path, false); err == nil {
		t.Error("offset outside the text: no error")
	}
}

func TestEvaluateAndRun(t *testing.T) {
	ps, _ := readPairs("testdata/tiny2014.xml", false)
	a, _ := tonality.For("EN")
	r := evaluate(a, nil, ps)
	if r.pairs != 2 || r.mentionOK != 2 {
		t.Errorf("evaluate: %+v", r)
	}
	dir := t.TempDir()
	b, _ := os.ReadFile("testdata/tiny2014.xml")
	if err := os.WriteFile(dir+"/Restaurants_Train_v2.xml", b, 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(&out, dir, 0, false, true, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| SemEval-2014 restaurants (train) | EN | tuning | 2 | 1.000 |") ||
		!strings.Contains(out.String(), "| SemEval-2014 restaurants categories (train) | EN | tuning | 2 |") ||
		!strings.Contains(out.String(), "Unmeasured") {
		t.Errorf("table:\n%s", out.String())
	}
	out.Reset()
	if err := run(&out, dir, 0, true, true, true); err != nil {
		t.Fatal(err)
	}
	// The one annotated sentence falls in the dev part (its hash).
	if !strings.Contains(out.String(), "| SemEval-2014 restaurants (train) dev | EN | tuning | 2 |") ||
		strings.Contains(out.String(), "(train) |") || strings.Contains(out.String(), " fit |") {
		t.Errorf("dev table:\n%s", out.String())
	}
}

// The sentence-level aspect categories of SemEval-2014 are pairs of the
// whole text (start -1); neutral and conflict ones are left out.
func TestReadCategoryPairs(t *testing.T) {
	ps, err := readPairs("testdata/tiny2014.xml", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].key != "food" || !ps[0].positive || ps[0].start != -1 ||
		ps[1].key != "service" || ps[1].positive {
		t.Fatalf("%+v", ps)
	}
}
