package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"explorer/analysis"
)

// reviewMeasures are the figures of one exploration of review sentences.
type reviewMeasures struct {
	feedback                              bool // explored as feedback (analysis.IsFeedback)
	texts, topics, opinionTitles, covered int
	categories, found                     int
	missed                                []string
	f1s                                   []string // every measured category with its best F1
	diagnoses                             []string // every measured category: why its best group fits as it does
}

// reviews explores every review file found in dir (held-out ones only
// with heldOut) and prints a Markdown table; verbose prints the groups.
// bare explores the sets as a language without a word space or a
// background list is explored (every one but English): a stand-in, made
// from the tuning sets, for such languages, which are held out here.
func reviews(w io.Writer, dir string, heldOut, bare, verbose bool) error {
	fmt.Fprintln(w, "| corpus | texts | topics | opinion titles | texts in a topic | categories found |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	var sum heldOutSummary
	err := eachReviewSet(dir, heldOut, func(set reviewSet, rs []review) error {
		m, groups, err := exploreReviews(set.lang, rs, bare)
		if err != nil {
			return err
		}
		printReviewRow(w, set, m, groups, bare, verbose)
		if !set.tuning {
			sum.add(set.domain, set.lang, m)
		}
		return nil
	})
	if err == nil {
		sum.print(w)
	}
	return err
}

// heldOutSummary adds up the held-out sets' categories by domain: the
// issue's acceptance counts the annotated categories of all held-out
// restaurant sets, and of all laptop sets, together. Each domain's line
// also gives them by language when its sets are in more than one, which
// tells where they are missed.
type heldOutSummary struct {
	domains []string
	langs   map[string][]string // per domain, its languages in the sets' order
	found   map[string]int      // per domain, and per "domain lang"
	total   map[string]int
}

func (h *heldOutSummary) add(domain, lang string, m reviewMeasures) {
	if h.found == nil {
		h.found, h.total, h.langs = map[string]int{}, map[string]int{}, map[string][]string{}
	}
	if _, ok := h.total[domain]; !ok {
		h.domains = append(h.domains, domain)
	}
	if !slices.Contains(h.langs[domain], lang) {
		h.langs[domain] = append(h.langs[domain], lang)
	}
	for _, k := range []string{domain, domain + " " + lang} {
		h.found[k] += m.found
		h.total[k] += m.categories
	}
}

func (h *heldOutSummary) print(w io.Writer) {
	for _, d := range h.domains {
		n, f := h.total[d], h.found[d]
		fmt.Fprintf(w, "\nHeld-out %s, all sets: %d of %d categories found (%.0f %%)", d, f, n, 100*float64(f)/float64(max(n, 1)))
		if len(h.langs[d]) > 1 {
			var by []string
			for _, l := range h.langs[d] {
				by = append(by, fmt.Sprintf("%s %d of %d", l, h.found[d+" "+l], h.total[d+" "+l]))
			}
			fmt.Fprintf(w, "; by language: %s", strings.Join(by, ", "))
		}
		fmt.Fprintln(w)
	}
}

// eachReviewSet reads each review set found in dir (the held-out ones
// only with heldOut) and gives it to fn.
func eachReviewSet(dir string, heldOut bool, fn func(reviewSet, []review) error) error {
	for _, set := range reviewSets {
		if !set.tuning && !heldOut {
			continue
		}
		rs, err := set.read(dir)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", set.file, err)
		}
		if set.made != nil {
			rs = set.made(rs)
		}
		if err := fn(set, rs); err != nil {
			return err
		}
	}
	return nil
}

// read returns the set's reviews: its sentences, or its file in dir.
func (set reviewSet) read(dir string) ([]review, error) {
	if set.sentences != "" {
		return parseMadeReviews(set.sentences)
	}
	return readReviews(filepath.Join(dir, set.file), set.termCategories)
}

// printReviewRow prints the table row of set's measures m; verbose, the
// best F1s, the diagnoses and the groups under it.
func printReviewRow(w io.Writer, set reviewSet, m reviewMeasures, groups []analysis.TopicGroup, bare, verbose bool) {
	name := set.name
	if bare {
		name += ", bare"
	}
	cats := "—"
	if m.categories > 0 {
		cats = fmt.Sprintf("%d of %d (%.0f %%)", m.found, m.categories, 100*float64(m.found)/float64(m.categories))
		if len(m.missed) > 0 {
			cats += "; missed " + strings.Join(m.missed, ", ")
		}
	}
	fmt.Fprintf(w, "| %s | %d | %d | %.0f %% | %.0f %% | %s |\n", name, m.texts, m.topics,
		100*float64(m.opinionTitles)/float64(max(m.topics, 1)), 100*float64(m.covered)/float64(max(m.texts, 1)), cats)
	if set.made != nil {
		fmt.Fprintf(w, "  made words titling topics: %s\n", madeTitles(groups))
	}
	if !verbose {
		return
	}
	if len(m.f1s) > 0 {
		fmt.Fprintf(w, "  best F1 of a group: %s\n", strings.Join(m.f1s, ", "))
	}
	for _, d := range m.diagnoses {
		fmt.Fprintln(w, d)
	}
	printGroups(w, groups)
}

// exploreReviews explores the sentences with the default options and the
// lexicon the server would give (background, EN word space, opinion
// words); bare: the opinion words alone.
func exploreReviews(lang string, rs []review, bare bool) (reviewMeasures, []analysis.TopicGroup, error) {
	lex, err := lexiconFor(lang)
	if err != nil {
		return reviewMeasures{}, nil, err
	}
	if bare {
		lex = analysis.Lexicon{Opinion: lex.Opinion, Function: lex.Function, OpinionIn: lex.OpinionIn}
	}
	opinion := lex.Opinion
	if opinion == nil {
		return reviewMeasures{}, nil, fmt.Errorf("no opinion words of %s: the language has no tonality data", lang)
	}
	texts := func(fn func(string)) error {
		for _, r := range rs {
			fn(r.text)
		}
		return nil
	}
	exploring := exploringLexicon(lex)
	groups, err := analysis.Explore(texts, lang, analysis.ExploreOptions{}, exploring)
	if err != nil {
		return reviewMeasures{}, nil, err
	}
	m := measureReviews(groups, rs, lang, reviewJudge(lang, opinion))
	m.feedback, err = analysis.IsFeedback(texts, lang, exploring)
	return m, groups, err
}

// measureReviews counts opinion titles, covered texts and the categories
// found as a group.
func measureReviews(groups []analysis.TopicGroup, rs []review, lang string, judge func(string) bool) reviewMeasures {
	m := reviewMeasures{texts: len(rs)}
	for _, g := range groups {
		for _, t := range g.Topics {
			m.topics++
			if judge(t.Title) {
				m.opinionTitles++
			}
		}
	}
	pl := place(groups, rs, lang)
	inGroup := pl.inGroups()
	catTexts := map[string]map[int]bool{}
	for k, r := range rs {
		if len(pl.topics[k]) > 0 {
			m.covered++
		}
		for _, c := range r.categories {
			if catTexts[c] == nil {
				catTexts[c] = map[int]bool{}
			}
			catTexts[c][k] = true
		}
	}
	var names []string
	m.categories, m.found, m.missed, m.f1s, names = categoriesFound(catTexts, inGroup)
	for _, c := range names {
		m.diagnoses = append(m.diagnoses, pl.diagnose(c, catTexts[c], inGroup))
	}
	return m
}

// categoriesFound counts the categories (whole entities and small ones
// left out) that some group's texts match with an F1 of at least
// categoryF1, and names the others with their best F1.
func categoriesFound(catTexts map[string]map[int]bool, inGroup []map[int]bool) (n, found int, missed, f1s, names []string) {
	for c, s := range catTexts {
		if !wholeEntities[c] && len(s) >= minCategory {
			names = append(names, c)
		}
	}
	sort.Strings(names)
	for _, c := range names {
		best := 0.0
		for _, g := range inGroup {
			both := 0
			for k := range catTexts[c] {
				if g[k] {
					both++
				}
			}
			if f1 := 2 * float64(both) / float64(len(catTexts[c])+len(g)); f1 > best {
				best = f1
			}
		}
		f1s = append(f1s, fmt.Sprintf("%s %.2f", c, best))
		if best >= categoryF1 {
			found++
		} else {
			missed = append(missed, fmt.Sprintf("%s %.2f", c, best))
		}
	}
	return len(names), found, missed, f1s, names
}
