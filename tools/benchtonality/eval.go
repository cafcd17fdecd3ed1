package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/jonreiter/govader"

	"explorer/tonality"
)

// result is the measure of one dataset.
type result struct {
	pairs, mentionOK, vaderOK int
	categories                int      // categories with at least minCategory opinions
	within                    int      // of them, those whose share differs by at most shareGoal
	shareMax, shareMean       float64  // |predicted - annotated| positive share
	wrong                     []pair   // mention errors (for -errors)
	lines                     []string // per category: n, annotated and predicted positive share (for -errors)
	evidence                  map[string]*evidenceCount
	cats                      []category // the categories counted in the share measure
	positives, missed         int        // annotated positive opinions; of them, not predicted positive
	negatives, falsePositive  int        // annotated negative opinions; of them, predicted positive
}

// rates are the analyzer's error rates pooled over the file: positives
// missed and negatives called positive.
func (r *result) rates() (fnr, fpr float64) {
	if r.positives > 0 {
		fnr = float64(r.missed) / float64(r.positives)
	}
	if r.negatives > 0 {
		fpr = float64(r.falsePositive) / float64(r.negatives)
	}
	return fnr, fpr
}

// evidenceCount tallies the opinions whose clause has a given kind of
// evidence (for -errors): n, annotated positive, predicted positive, right.
type evidenceCount struct{ n, annotated, predicted, right int }

// evidenceOf names the evidence of the clause holding byte offset start:
// "lexicon" when it has a lexicon or rule opinion, "learned" when only
// learned words, "none" without opinion words; "sentence" for a NULL target.
func evidenceOf(a *tonality.Analyzer, learned map[string]float64, text string, t tonality.Text, start int) string {
	if start < 0 {
		return "sentence"
	}
	c := -1
	for i, cl := range t.Clauses {
		if cl.Start <= start {
			c = i
		}
	}
	if c < 0 {
		c = 0
	}
	cl := t.Clauses[c]
	kind := "none"
	for _, o := range t.Opinions {
		if o.Start < cl.Start || o.Start >= cl.End {
			continue
		}
		if _, ok := learned[strings.ToLower(text[o.Start:o.End])]; ok {
			if kind == "none" {
				kind = "learned"
			}
			continue
		}
		kind = "lexicon"
	}
	return kind
}

// minCategory is how many opinions a category needs to count in the share
// measure.
const minCategory = 20

// shareGoal is the target bound of |predicted - annotated| positive share.
const shareGoal = 0.08

// counts are a category's annotated and predicted positives.
type counts struct{ n, annotated, predicted int }

// evaluate scores pairs with the analyzer and with VADER.
func evaluate(a *tonality.Analyzer, vader *govader.SentimentIntensityAnalyzer, pairs []pair) result {
	var r result
	texts := map[string]tonality.Text{}
	compound := map[string]float64{}
	cats := map[string]*counts{}
	r.evidence = map[string]*evidenceCount{}
	learned := a.Learned()
	for _, p := range pairs {
		t, ok := texts[p.text]
		if !ok {
			t = a.Analyze(p.text)
			texts[p.text] = t
		}
		score, ok := t.Score, true
		if p.start >= 0 {
			score, ok = t.Mention([]int{p.start})
		}
		r.pairs++
		ev := r.evidence[evidenceOf(a, learned, p.text, t, p.start)]
		if ev == nil {
			ev = &evidenceCount{}
			r.evidence[evidenceOf(a, learned, p.text, t, p.start)] = ev
		}
		ev.n++
		if p.positive {
			ev.annotated++
		}
		if ok && score > 0 {
			ev.predicted++
		}
		if ok && score != 0 && (score > 0) == p.positive {
			ev.right++
		}
		if ok && score != 0 && (score > 0) == p.positive {
			r.mentionOK++
		} else {
			r.wrong = append(r.wrong, p)
		}
		if vader != nil {
			c, seen := compound[p.text]
			if !seen {
				c = vader.PolarityScores(p.text).Compound
				compound[p.text] = c
			}
			if c != 0 && (c > 0) == p.positive {
				r.vaderOK++
			}
		}
		k := cats[p.key]
		if k == nil {
			k = &counts{}
			cats[p.key] = k
		}
		k.n++
		if p.positive {
			k.annotated++
		}
		if ok && score > 0 {
			k.predicted++
		}
		r.tally(p.positive, ok && score > 0)
	}
	r.shares(cats)
	return r
}

// tally counts one opinion in the pooled error rates.
func (r *result) tally(positive, predictedPositive bool) {
	if positive {
		r.positives++
		if !predictedPositive {
			r.missed++
		}
		return
	}
	r.negatives++
	if predictedPositive {
		r.falsePositive++
	}
}

// shares measures the positive share of the categories with enough opinions.
func (r *result) shares(cats map[string]*counts) {
	keys := make([]string, 0, len(cats))
	for k := range cats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sum := 0.0
	for _, k := range keys {
		c := cats[k]
		if c.n < minCategory {
			continue
		}
		d := math.Abs(float64(c.predicted-c.annotated)) / float64(c.n)
		r.categories++
		r.cats = append(r.cats, category{n: c.n, positive: c.annotated})
		r.lines = append(r.lines, fmt.Sprintf("%-30s n=%4d annotated %.2f predicted %.2f", k, c.n,
			float64(c.annotated)/float64(c.n), float64(c.predicted)/float64(c.n)))
		if d <= shareGoal {
			r.within++
		}
		sum += d
		r.shareMax = math.Max(r.shareMax, d)
	}
	if r.categories > 0 {
		r.shareMean = sum / float64(r.categories)
	}
}
