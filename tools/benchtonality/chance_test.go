package main

import (
	"math"
	"strings"
	"testing"
)

func TestChancePerfectAnalyzerIsAlwaysWithin(t *testing.T) {
	cats := []category{{n: 20, positive: 15}, {n: 40, positive: 10}}
	mean, all := chance(cats, 0, 0, shareGoal, 1)
	if mean != 2 || all != 1 {
		t.Fatalf("no errors: mean %.2f all %.2f, want 2 and 1", mean, all)
	}
}

func TestChanceBiasedRatesMissSkewedCategories(t *testing.T) {
	// Missing every fifth positive and never calling a negative positive
	// lowers a category of 90 % positives by 0.18 in expectation.
	cats := []category{{n: 100, positive: 90}}
	mean, _ := chance(cats, 0.2, 0, shareGoal, 1)
	if mean > 0.05 {
		t.Fatalf("a biased analyzer was within in %.2f of the runs", mean)
	}
}

func TestBalancedRatesAreUnbiased(t *testing.T) {
	c := category{n: 40, positive: 30}
	fnr, fpr := balancedRates(c, 0.9)
	fn, fp := fnr*30, fpr*10
	if math.Abs(fn-2) > 1e-9 || math.Abs(fp-2) > 1e-9 {
		t.Fatalf("expected errors %.2f missed and %.2f false, want 2 and 2", fn, fp)
	}
}

func TestEvenOddsNeedsMoreAccuracyForSmallCategories(t *testing.T) {
	small := make([]category, 30)
	for i := range small {
		small[i] = category{n: 20, positive: 14}
	}
	large := []category{{n: 5000, positive: 3500}}
	s, l := evenOddsAccuracy(small, shareGoal), evenOddsAccuracy(large, shareGoal)
	if l != 0.8 || s < 0.9 {
		t.Fatalf("even odds: small categories %.3f, one large %.3f", s, l)
	}
}

func TestHeldOutLine(t *testing.T) {
	var h heldOut
	var b strings.Builder
	h.write(&b)
	if b.Len() != 0 {
		t.Fatalf("no held-out rows wrote %q", b.String())
	}
	h.add(result{cats: []category{{n: 20, positive: 10}}, within: 1, positives: 10, negatives: 10})
	h.write(&b)
	if !strings.Contains(b.String(), "1 within 0.08 of 1") {
		t.Fatalf("held-out line %q", b.String())
	}
}
