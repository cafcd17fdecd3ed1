package main

import (
	"explorer/analysis"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// resampleShare is the share of a tuning set's sentences in each resample
// (-resample-share; 0.8 by default). The held-out sets run from 144 to
// 3,655 sentences, most under 900: a share of 0.25 (about 760 of
// SemEval-2014's) explores tuning sets of their size.
var resampleShare = 0.8

// resampledReviews explores n resamples of each tuning set (resampleShare
// of its sentences, drawn without replacement, the same draws every run)
// and prints, per set, the mean categories found, each category's mean
// best F1 with the number of resamples that found it, the mean share of
// texts in a topic, and how many resamples were explored as feedback
// (analysis.IsFeedback: a small set may fall under the feedback share).
// One exploration is one draw of how the texts happen to fall: a change
// to the algorithm is kept on what holds across the resamples, not on a
// category that crosses the bar in one draw (the held-out sets are never
// resampled: they are measured once a change is chosen).
func resampledReviews(w io.Writer, dir string, n int, bare bool) error {
	fmt.Fprintf(w, "| corpus (%d resamples of %.0f %%) | mean categories found | mean best F1 (found in how many) | texts in a topic | as feedback |\n", n, 100*resampleShare)
	fmt.Fprintln(w, "|---|---|---|---|---|")
	return eachReviewSet(dir, false, func(set reviewSet, rs []review) error {
		found, cats, least, most, feedback := 0, 0, -1, 0, 0
		covered := 0.0
		f1 := map[string][]float64{}
		for i := range n {
			m, _, err := exploreReviews(set.lang, resample(rs, uint64(i+1)), bare)
			if err != nil {
				return err
			}
			found, cats = found+m.found, cats+m.categories
			covered += float64(m.covered) / float64(max(m.texts, 1))
			if m.feedback {
				feedback++
			}
			if least < 0 || m.found < least {
				least = m.found
			}
			most = max(most, m.found)
			for _, s := range m.f1s {
				name, v := "", 0.0
				if _, err := fmt.Sscanf(s, "%s %f", &name, &v); err == nil {
					f1[name] = append(f1[name], v)
				}
			}
		}
		fmt.Fprintf(w, "| %s | %.1f of %.1f (%d–%d) | %s | %.0f %% | %d of %d |\n", set.name, float64(found)/float64(n), float64(cats)/float64(n), least, most, meanF1s(f1), 100*covered/float64(n), feedback, n)
		return nil
	})
}

// resample returns share resampleShare of rs (at least one), drawn with
// seed, in their order.
func resample(rs []review, seed uint64) []review {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	idx := r.Perm(len(rs))[:max(1, min(len(rs), int(resampleShare*float64(len(rs)))))]
	sort.Ints(idx)
	out := make([]review, len(idx))
	for i, k := range idx {
		out[i] = rs[k]
	}
	return out
}

// meanF1s formats each category's mean F1 and how many of its values
// reach categoryF1.
func meanF1s(f1 map[string][]float64) string {
	var out []string
	for _, c := range slices.Sorted(maps.Keys(f1)) {
		sum, hit := 0.0, 0
		for _, v := range f1[c] {
			sum += v
			if v >= categoryF1 {
				hit++
			}
		}
		out = append(out, fmt.Sprintf("%s %.2f (%d)", c, sum/float64(len(f1[c])), hit))
	}
	return strings.Join(out, ", ")
}

// joinReviews makes whole reviews of the sentences: each text is k of
// them (the last fewer), drawn in a fixed shuffled order (the files' own
// order groups like sentences), joined by a space, with their categories
// together.
func joinReviews(rs []review, k int) []review {
	r := rand.New(rand.NewPCG(uint64(k), 0x701e))
	idx := r.Perm(len(rs))
	var out []review
	for i := 0; i < len(idx); i += k {
		var texts, cats []string
		for _, j := range idx[i:min(i+k, len(idx))] {
			texts = append(texts, rs[j].text)
			for _, c := range rs[j].categories {
				if !slices.Contains(cats, c) {
					cats = append(cats, c)
				}
			}
		}
		out = append(out, review{text: strings.Join(texts, " "), categories: cats})
	}
	return out
}

// madeWhole makes whole reviews of three sentences (joinReviews).
func madeWhole(rs []review) []review { return joinReviews(rs, 3) }

// madeMarkup adds the markup of a web page to half the sentences, in a
// fixed draw: line breaks after a fifth, quotes and an ampersand as
// entities around a fifth, a non-breaking space in a tenth.
func madeMarkup(rs []review) []review {
	return madeDraw(rs, 5, func(p float64, text string) string {
		switch {
		case p < 0.2:
			return text + " <br /><br />"
		case p < 0.4:
			return "&quot;" + text + "&quot; &amp; more"
		case p < 0.5:
			return strings.Replace(text, " ", " &nbsp;", 1)
		}
		return text
	})
}

// madeBoilerplate adds what exports add, in a fixed draw: Google's
// translation marks around a quarter of the sentences (the original text
// after "(Original)" always the same, as a stand-in), "Read more" after a
// tenth.
func madeBoilerplate(rs []review) []review {
	return madeDraw(rs, 9, func(p float64, text string) string {
		switch {
		case p < 0.25:
			return "(Translated by Google) " + text + " (Original) Lorem ipsum dolor"
		case p < 0.35:
			return text + " Read more"
		}
		return text
	})
}

// madeDraw returns rs with each text remade by change, given a number in
// [0, 1) drawn with seed (the same draws every run); categories are kept.
func madeDraw(rs []review, seed uint64, change func(p float64, text string) string) []review {
	r := rand.New(rand.NewPCG(seed, 0x3ade))
	out := make([]review, len(rs))
	for i, x := range rs {
		x.text = change(r.Float64(), x.text)
		out[i] = x
	}
	return out
}

// madeNoise are the words madeMarkup and madeBoilerplate add: none of
// them may title a topic.
var madeNoise = strings.Fields("quot amp nbsp br translated google original read lorem ipsum dolor")

// madeTitles names the titles that hold a word of madeNoise, "none" when
// none does.
func madeTitles(groups []analysis.TopicGroup) string {
	var out []string
	for _, g := range groups {
		for _, t := range g.Topics {
			if slices.ContainsFunc(strings.Fields(t.Title), func(w string) bool { return slices.Contains(madeNoise, w) }) {
				out = append(out, t.Title)
			}
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}
