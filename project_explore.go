package explorer

import (
	"context"
	"fmt"
	"strings"

	"explorer/analysis"
)

// ExploreOptions are the numbers of an exploration: Topics topics (0: the
// default ExploreTopics, else 1 to MaxExploreTopics) in about Groups groups
// of at most MaxGroupTopics topics (0: one group per four topics, else 1 to
// MaxExploreGroups).
type ExploreOptions struct {
	Topics int
	Groups int
}

// Bounds of ExploreOptions.
const (
	MaxExploreTopics = analysis.MaxExploreTopics
	MaxExploreGroups = analysis.MaxExploreGroups
	MaxGroupTopics   = analysis.MaxGroupTopics
)

func (o ExploreOptions) check() error {
	var fields []FieldError
	if o.Topics < 0 || o.Topics > MaxExploreTopics {
		fields = append(fields, FieldError{Field: "topics", Message: fmt.Sprintf("from 1 to %d (0: %d)", MaxExploreTopics, ExploreTopics)})
	}
	if o.Groups < 0 || o.Groups > MaxExploreGroups {
		fields = append(fields, FieldError{Field: "groups", Message: fmt.Sprintf("from 1 to %d (0: a group per four topics)", MaxExploreGroups)})
	}
	if len(fields) > 0 {
		return Invalid("the numbers of an exploration are out of bounds", fields...)
	}
	return nil
}

// exploreNeighbours is how many word-space neighbours of a candidate term
// are considered for its topic.
const exploreNeighbours = 10

func (s *Service) explore(ctx context.Context, u *User, p *Project, column string, opt ExploreOptions) error {
	col, err := exploreColumn(p, column)
	if err != nil {
		return err
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return err
	}
	texts := s.columnTexts(ctx, p, col)
	st, dynamic, err := s.exploreStructure(ctx, u, p, texts, lang, opt)
	if err != nil {
		return err
	}
	counts, n, err := countTopics(st, texts, lang)
	if err != nil {
		return err
	}
	return s.saveExploration(ctx, u, p, exploration{st: st, column: p.Headers[col].Header, lang: lang, texts: n, counts: counts, dynamic: dynamic})
}

// columnTexts calls fn with each non-blank text of column col of a
// project's rows, in order.
func (s *Service) columnTexts(ctx context.Context, p *Project, col int) func(fn func(text string)) error {
	return func(fn func(text string)) error {
		return s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
			if col < len(cells) && strings.TrimSpace(cells[col]) != "" {
				fn(cells[col])
			}
			return ctx.Err()
		})
	}
}

// exploreColumn returns the index of the column to explore: the one named
// (any case), or the largest when column is blank.
func exploreColumn(p *Project, column string) (int, error) {
	col := -1
	if strings.TrimSpace(column) != "" {
		if i := columnIndex(p, column); i >= 0 {
			return i, nil
		}
		return 0, Invalid(fmt.Sprintf("project %d has no column %q", p.ID, column), FieldError{Field: "column", Message: "no such column"})
	}
	for i, h := range p.Headers {
		if col < 0 || h.ColumnDataSize > p.Headers[col].ColumnDataSize {
			col = i
		}
	}
	if col < 0 {
		return 0, Errorf(ECONFLICT, "project %d has no columns to explore", p.ID)
	}
	return col, nil
}

// exploreStructure returns the structure to count: the DYNAMIC model's
// current version (returned too), the STANDARD model's copy, or the topics
// found in the texts.
func (s *Service) exploreStructure(ctx context.Context, u *User, p *Project, texts analysis.Texts, lang string, opt ExploreOptions) (Structure, *ModelRecord, error) {
	if p.ModelID != nil {
		m, err := s.store.FindModel(ctx, *p.ModelID, u.ID)
		if err != nil && ErrorCode(err) != ENOTFOUND {
			return Structure{}, nil, err
		}
		if err == nil && m.Type == ModelDynamic {
			cur, err := s.store.FindModelVersion(ctx, m.ID, m.Version)
			if err != nil {
				return Structure{}, nil, err
			}
			return copyStructure(cur), m, nil
		}
		return copyStructure(&p.Structure), nil, nil
	}
	found, err := analysis.Explore(texts, lang, analysis.ExploreOptions{Topics: opt.Topics, Groups: opt.Groups}, s.lexicon(ctx, lang))
	if err != nil {
		return Structure{}, nil, err
	}
	var groups []Group
	for _, g := range found {
		group := Group{Title: g.Title}
		for _, t := range g.Topics {
			group.Topics = append(group.Topics, Topic{Title: t.Title, Terms: t.Terms})
		}
		groups = append(groups, group)
	}
	groups, err = normalizeGroups(groups, "groups")
	if err != nil {
		return Structure{}, nil, err
	}
	st := copyStructure(&p.Structure)
	st.Groups = assignIDs(nil, groups, &idCounters{group: 1, topic: 1})
	return st, nil, nil
}

// lexicon is what an exploration knows of language lang beyond the texts:
// its background frequency list (analysis.Background) and its word space's
// neighbours (none while the space is missing or loading).
func (s *Service) lexicon(ctx context.Context, lang string) analysis.Lexicon {
	var lex analysis.Lexicon
	lex.Rank, lex.Size = analysis.Background(lang)
	if s.wordSpaces == nil {
		return lex
	}
	lex.Neighbours = func(term string) []string {
		ns, err := s.wordSpaces.Neighbours(ctx, lang, term, exploreNeighbours)
		if err != nil {
			return nil
		}
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = n.Term
		}
		return out
	}
	return lex
}

// countTopics counts, per topic of st, the texts containing one of its
// terms but not an ignore term; n is the number of texts. It matches as
// the evidence of ProjectTopics does (one TopicMatcher).
func countTopics(st Structure, texts analysis.Texts, lang string) (counts map[int64]int, n int, err error) {
	keep := withoutIgnored(st.IgnoreTerms)
	var ids []int64
	var terms [][]string
	counts = map[int64]int{}
	for _, g := range st.Groups {
		for _, t := range g.Topics {
			ids, terms = append(ids, t.ID), append(terms, keep(t.Terms))
			counts[t.ID] = 0
		}
	}
	m := analysis.NewTopicMatcher(terms, lang)
	err = texts(func(text string) {
		n++
		m.Match(text, func(i int, _ []analysis.Span) { counts[ids[i]]++ })
	})
	return counts, n, err
}

// withoutIgnored returns the filter that leaves the ignore terms out of a
// topic's terms (by FoldTerm, as exploring and matching fold).
func withoutIgnored(ignored []IgnoreTerm) func(terms []string) []string {
	ignore := make(map[string]bool, len(ignored))
	for _, t := range ignored {
		ignore[analysis.FoldTerm(t.Term)] = true
	}
	return func(terms []string) []string {
		var kept []string
		for _, term := range terms {
			if !ignore[analysis.FoldTerm(term)] {
				kept = append(kept, term)
			}
		}
		return kept
	}
}

// exploration is what exploring a project found, to be saved.
type exploration struct {
	st      Structure
	column  string
	lang    string
	texts   int
	counts  map[int64]int
	dynamic *ModelRecord // the DYNAMIC model explored with, or nil
}

// saveExploration stores an exploration in the project, which must still
// be EXPLORING, and marks it EXPLORED.
func (s *Service) saveExploration(ctx context.Context, u *User, p *Project, e exploration) error {
	return s.inTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		cur, err := s.store.FindProject(ctx, p.ID)
		if err != nil {
			return err
		}
		if cur.Status != ProjectExploring {
			return Errorf(ECONFLICT, "project %d is %s: exploring it was interrupted", p.ID, cur.Status)
		}
		cur.Structure, cur.TextColumn, cur.ExploredTexts = e.st, e.column, e.texts
		if cur.Language == "" {
			cur.Language = e.lang
		}
		cur.Status, cur.StatusMessage = ProjectExplored, ""
		if e.dynamic != nil {
			v := e.dynamic.Version
			cur.ExploredVersion = &v
		}
		if err := s.store.UpdateProject(ctx, cur); err != nil {
			return err
		}
		if err := s.store.SetProjectTopicCounts(ctx, cur.ID, e.counts); err != nil {
			return err
		}
		if e.dynamic != nil {
			return s.clearOutdated(ctx, u, e.dynamic.ID)
		}
		return nil
	})
}
