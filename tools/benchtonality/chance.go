package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
)

// What the per-category share goal asks of any classifier: the shares of
// categories of 20–60 opinions move by chance alone. A classifier with
// the same error rate on every category (no per-category bias at all)
// still misses the goal on some categories because its errors fall
// unevenly; these functions measure that by simulation, with a fixed
// seed so the table is the same each run.

// chanceRounds is how many simulated runs each figure averages.
const chanceRounds = 4000

// category is one category's size and annotated positives.
type category struct{ n, positive int }

// chance is the expected number of categories within goal and the
// probability that every category is within, for a classifier that
// misses a positive (predicts it non-positive) with probability fnr and
// calls a negative positive with probability fpr, on every category alike.
func chance(cats []category, fnr, fpr, goal float64, seed uint64) (mean, all float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	within, every := 0, 0
	for range chanceRounds {
		w := 0
		for _, c := range cats {
			fn := binomial(r, c.positive, fnr)
			fp := binomial(r, c.n-c.positive, fpr)
			if math.Abs(float64(fp-fn))/float64(c.n) <= goal+1e-9 {
				w++
			}
		}
		within += w
		if w == len(cats) {
			every++
		}
	}
	return float64(within) / chanceRounds, float64(every) / chanceRounds
}

// binomial draws the number of successes of n trials of probability p.
func binomial(r *rand.Rand, n int, p float64) int {
	k := 0
	for range n {
		if r.Float64() < p {
			k++
		}
	}
	return k
}

// balancedRates are the error rates of an unbiased classifier of the
// given accuracy on cats: half its expected errors fall on positives and
// half on negatives of each category, so no category's share is off in
// expectation; only chance moves it.
func balancedRates(c category, accuracy float64) (fnr, fpr float64) {
	e := (1 - accuracy) * float64(c.n) / 2
	neg := c.n - c.positive
	if c.positive > 0 {
		fnr = math.Min(1, e/float64(c.positive))
	}
	if neg > 0 {
		fpr = math.Min(1, e/float64(neg))
	}
	return fnr, fpr
}

// evenOddsAccuracy is the lowest accuracy (to 0.005) at which an
// unbiased classifier has every category within goal in at least half
// the simulated runs; 1 when even 0.995 does not.
func evenOddsAccuracy(cats []category, goal float64) float64 {
	for a := 0.80; a < 0.9999; a += 0.005 {
		if allWithin(cats, a, goal) >= 0.5 {
			return math.Round(a*1000) / 1000
		}
	}
	return 1
}

// allWithin is the probability that every category is within goal for
// the unbiased classifier of accuracy a.
func allWithin(cats []category, a, goal float64) float64 {
	r := rand.New(rand.NewPCG(7, uint64(a*1000)))
	every := 0
	for range chanceRounds / 4 {
		ok := true
		for _, c := range cats {
			fnr, fpr := balancedRates(c, a)
			fn := binomial(r, c.positive, fnr)
			fp := binomial(r, c.n-c.positive, fpr)
			if math.Abs(float64(fp-fn))/float64(c.n) > goal+1e-9 {
				ok = false
				break
			}
		}
		if ok {
			every++
		}
	}
	return float64(every) / float64(chanceRounds/4)
}

// heldOut gathers the held-out rows' categories for one line on all of
// them together: the share goal is per topic on every held-out set.
type heldOut struct {
	cats       []category
	within     int
	mean, all  float64 // by chance, each file at its own error rates
	categories int
}

// add counts one held-out row.
func (h *heldOut) add(r result) {
	if len(r.cats) == 0 {
		return
	}
	fnr, fpr := r.rates()
	mean, all := chance(r.cats, fnr, fpr, shareGoal, 1)
	if h.categories == 0 {
		h.all = 1
	}
	h.cats = append(h.cats, r.cats...)
	h.categories += len(r.cats)
	h.within += r.within
	h.mean += mean
	h.all *= all
}

// write prints the held-out line when any held-out row was measured.
func (h *heldOut) write(w io.Writer) {
	if h.categories == 0 {
		return
	}
	fmt.Fprintf(w, "\nHeld-out categories together: %d within %.2f of %d; by chance at these error rates with no category bias %.1f (all within: %.3f); an unbiased analyzer needs accuracy %.3f for even odds that all are within.\n",
		h.within, shareGoal, h.categories, h.mean, h.all, evenOddsAccuracy(h.cats, shareGoal))
}
