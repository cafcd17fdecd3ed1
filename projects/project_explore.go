package projects

import (
	"context"
	"explorer"
	"fmt"
	"strings"

	"explorer/analysis"
	"explorer/models"
	"explorer/tonality"
)

// ExploreOptions are the numbers of an exploration: Topics topics (0: the
// default ExploreTopics, FeedbackExploreTopics in feedback; else 1 to
// MaxExploreTopics) in about Groups groups of at most MaxGroupTopics
// topics (0: one group per four topics; in feedback groups of closely
// related topics only, at least one per 2.5 topics; else 1 to
// MaxExploreGroups).
type ExploreOptions struct {
	Topics int
	Groups int
}

// Bounds of ExploreOptions.
const (
	MaxExploreTopics = analysis.MaxExploreTopics
	// FeedbackExploreTopics is the default number of topics of feedback.
	FeedbackExploreTopics = analysis.FeedbackExploreTopics
	MaxExploreGroups      = analysis.MaxExploreGroups
	MaxGroupTopics        = analysis.MaxGroupTopics
)

func (o ExploreOptions) check() error {
	var fields []explorer.FieldError
	if o.Topics < 0 || o.Topics > MaxExploreTopics {
		fields = append(fields, explorer.FieldError{Field: "topics", Message: fmt.Sprintf("from 1 to %d (0: %d)", MaxExploreTopics, ExploreTopics)})
	}
	if o.Groups < 0 || o.Groups > MaxExploreGroups {
		fields = append(fields, explorer.FieldError{Field: "groups", Message: fmt.Sprintf("from 1 to %d (0: a group per four topics; in feedback, groups of closely related topics only, at least one per 2.5 topics)", MaxExploreGroups)})
	}
	if len(fields) > 0 {
		return explorer.Invalid("the numbers of an exploration are out of bounds", fields...)
	}
	return nil
}

// exploreNeighbours is how many word-space neighbours of a candidate term
// are considered for its topic.
const exploreNeighbours = 10

func (s *Service) explore(ctx context.Context, u *explorer.User, p *explorer.Project, column string, opt ExploreOptions) error {
	col, err := exploreColumn(p, column)
	if err != nil {
		return err
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return err
	}
	_, _, gen, err := s.store.FindProjectTonality(ctx, p.ID)
	if err != nil {
		return err
	}
	ad, err := s.newAdaptation(ctx, p.OwnerID, lang, p.Rows)
	if err != nil {
		return err
	}
	ctx = explorer.CountRows(ctx, int64(p.Rows)*int64(explorePasses(p, ad)))
	texts := ad.learnWhile(s.columnTexts(ctx, p, col))
	st, dynamic, err := s.exploreStructure(ctx, u, p, texts, lang, opt)
	if err != nil {
		return err
	}
	m, err := s.measureTexts(ctx, p, col, lang, st, ad)
	if err != nil {
		return err
	}
	parts := m.result()
	if err := s.chooseExamples(ctx, p.ID, col, lang, st, parts); err != nil {
		return err
	}
	return s.saveExploration(ctx, u, p, exploration{st: st, column: p.Headers[col].Header, lang: lang, texts: m.texts,
		counts: m.counts, parts: parts, dynamic: dynamic, gen: gen})
}

// explorePasses is how many passes over a project's rows exploring it
// reads: two to find topics (none with a model), one to adapt the
// tonality analyzer (shared with the first when topics are found, none
// without tonality data) and one to count and measure.
func explorePasses(p *explorer.Project, ad *adaptation) int {
	if p.ModelID == nil {
		return 3
	}
	if ad != nil {
		return 2
	}
	return 1
}

// columnTexts calls fn with each non-blank text of column col of a
// project's rows, in order.
func (s *Service) columnTexts(ctx context.Context, p *explorer.Project, col int) func(fn func(text string)) error {
	return func(fn func(text string)) error {
		return s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
			explorer.RowRead(ctx)
			if col < len(cells) && isText(cells[col]) {
				fn(cells[col])
			}
			return ctx.Err()
		})
	}
}

// exploreColumn returns the index of the column to explore: the one named
// (any case), or the largest when column is blank.
func exploreColumn(p *explorer.Project, column string) (int, error) {
	col := -1
	if strings.TrimSpace(column) != "" {
		if i := columnIndex(p, column); i >= 0 {
			return i, nil
		}
		return 0, explorer.Invalid(fmt.Sprintf("project %d has no column %q", p.ID, column), explorer.FieldError{Field: "column", Message: "no such column"})
	}
	for i, h := range p.Headers {
		if col < 0 || h.ColumnDataSize > p.Headers[col].ColumnDataSize {
			col = i
		}
	}
	if col < 0 {
		return 0, explorer.Errorf(explorer.ECONFLICT, "project %d has no columns to explore", p.ID)
	}
	return col, nil
}

// exploreStructure returns the structure to count: the DYNAMIC model's
// current version (returned too), the STANDARD model's copy, or the topics
// found in the texts.
func (s *Service) exploreStructure(ctx context.Context, u *explorer.User, p *explorer.Project, texts analysis.Texts, lang string, opt ExploreOptions) (explorer.Structure, *models.ModelRecord, error) {
	if p.ModelID != nil {
		return s.modelStructure(ctx, u, p)
	}
	found, err := analysis.Explore(texts, lang, analysis.ExploreOptions{Topics: opt.Topics, Groups: opt.Groups}, s.lexicon(ctx, lang))
	if err != nil {
		return explorer.Structure{}, nil, err
	}
	var groups []explorer.Group
	for _, g := range found {
		group := explorer.Group{Title: g.Title}
		for _, t := range g.Topics {
			group.Topics = append(group.Topics, explorer.Topic{Title: t.Title, Terms: t.Terms})
		}
		groups = append(groups, group)
	}
	groups, err = models.NormalizeGroups(groups, "groups")
	if err != nil {
		return explorer.Structure{}, nil, err
	}
	st := copyStructure(&p.Structure)
	st.Groups = models.AssignIDs(nil, groups, &models.IDCounters{Group: 1, Topic: 1})
	return st, nil, nil
}

// modelStructure is the structure a project with a model is counted
// with: the DYNAMIC model's current version (returned too), else the
// project's own copy (a STANDARD model's, or the topics of a project
// without a model or whose model is gone).
func (s *Service) modelStructure(ctx context.Context, u *explorer.User, p *explorer.Project) (explorer.Structure, *models.ModelRecord, error) {
	if p.ModelID == nil {
		return copyStructure(&p.Structure), nil, nil
	}
	m, err := s.store.FindModel(ctx, *p.ModelID, u.ID)
	if err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return explorer.Structure{}, nil, err
	}
	if err == nil && m.Type == models.ModelDynamic {
		cur, err := s.store.FindModelVersion(ctx, m.ID, m.Version)
		if err != nil {
			return explorer.Structure{}, nil, err
		}
		return copyStructure(cur), m, nil
	}
	return copyStructure(&p.Structure), nil, nil
}

// lexicon is what an exploration knows of language lang beyond the texts:
// its background frequency list (analysis.Background) and its word space's
// neighbours and likeness (none while the space is missing or loading).
func (s *Service) lexicon(ctx context.Context, lang string) analysis.Lexicon {
	var lex analysis.Lexicon
	lex.SetBackground(lang)
	// Opinion words are tonality, not topics (tonality's lexicon).
	if a, ok := tonality.For(lang); ok {
		lex.Opinion = a.Describes // opinions and descriptive adjectives: no aspects
		lex.Function = a.IsFunctionWord
	}
	lex.OpinionIn = tonality.DescribesIn // a mixed column's other languages
	if s.wordSpaces == nil {
		return lex
	}
	lex.Likeness = analysis.LikenessOf(func(term string, others []string) ([]float64, error) {
		return s.wordSpaces.Kinship(ctx, lang, term, others)
	})
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

// withoutIgnored returns the filter that leaves the ignore terms out of a
// Topic's terms (by FoldTerm, as exploring and matching fold).
func withoutIgnored(ignored []explorer.IgnoreTerm) func(terms []string) []string {
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
	st      explorer.Structure
	column  string
	lang    string
	texts   int
	counts  map[int64]int
	parts   []TonalityPart
	dynamic *models.ModelRecord // the DYNAMIC model explored with, or nil
	// gen is the project's tonality generation when the measuring began.
	gen int64
}

// saveExploration stores an exploration in the project, which must still
// be EXPLORING, and marks it EXPLORED. When the project's tonality was
// made stale meanwhile (its poles or word corrections changed), it is
// saved stale and measured again in the background.
func (s *Service) saveExploration(ctx context.Context, u *explorer.User, p *explorer.Project, e exploration) error {
	return s.root.InTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		if err := s.store.LockProject(ctx, p.ID); err != nil {
			return err
		}
		cur, err := s.store.FindProject(ctx, p.ID)
		if err != nil {
			return err
		}
		if cur.Status != explorer.ProjectExploring {
			return explorer.Errorf(explorer.ECONFLICT, "project %d is %s: exploring it was interrupted", p.ID, cur.Status)
		}
		if cur.Language == "" {
			cur.Language = e.lang
		}
		cur.Status, cur.StatusMessage = explorer.ProjectExplored, ""
		wrote, err := s.storeExploration(ctx, u, cur, e)
		if err != nil || wrote {
			return err
		}
		e.gen = -1
		_, err = s.storeExploration(ctx, u, cur, e)
		if err == nil {
			err = s.root.MarkStale(ctx, cur.ID)
		}
		return err
	})
}

// saveMeasurement stores a background measurement in the project, which
// must still be EXPLORED with the tonality generation it began with
// (else errChangedMeanwhile, and nothing is written).
func (s *Service) saveMeasurement(ctx context.Context, u *explorer.User, p *explorer.Project, e exploration) error {
	return s.root.InTxWithinStorage(ctx, u.ID, func(ctx context.Context) error {
		if err := s.store.LockProject(ctx, p.ID); err != nil {
			return err
		}
		cur, err := s.store.FindProject(ctx, p.ID)
		if err != nil {
			return err
		}
		if cur.Status != explorer.ProjectExplored || cur.TextColumn != e.column {
			return errChangedMeanwhile
		}
		wrote, err := s.storeExploration(ctx, u, cur, e)
		if err == nil && !wrote {
			err = errChangedMeanwhile
		}
		return err
	})
}

// storeExploration writes an exploration into cur (read in the same
// transaction): structure, column, texts, the model version explored,
// Topic counts and tonality. With e.gen >= 0 the tonality is written only
// while the project's generation is still e.gen: wrote is false when it
// was not (the caller decides what to do then; the rest is written).
func (s *Service) storeExploration(ctx context.Context, u *explorer.User, cur *explorer.Project, e exploration) (wrote bool, err error) {
	wrote, err = s.store.SetProjectTonality(ctx, cur.ID, e.parts, explorer.TonalityMeasured, e.gen)
	if err != nil || !wrote {
		return wrote, err
	}
	cur.Structure, cur.TextColumn, cur.ExploredTexts = e.st, e.column, e.texts
	if e.dynamic != nil {
		v := e.dynamic.Version
		cur.ExploredVersion = &v
	}
	if err := s.store.UpdateProject(ctx, cur); err != nil {
		return true, err
	}
	if err := s.store.SetProjectTopicCounts(ctx, cur.ID, e.counts); err != nil {
		return true, err
	}
	if e.dynamic != nil {
		return true, s.clearOutdated(ctx, u, e.dynamic.ID)
	}
	return true, nil
}
