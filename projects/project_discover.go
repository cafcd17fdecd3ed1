package projects

import (
	"context"
	"explorer"
	"strings"

	"explorer/analysis"
	"explorer/models"
)

// DiscoveredGroup is the group a discovered topic is added to in a model
// when the model has no group of that title yet.
const DiscoveredGroup = "Discovered"

// Discovery is what exploring a project's texts found beside its model:
// the topics the model lacks.
type Discovery struct {
	ProjectID int64
	ModelID   int64
	// Column is the text column explored, Language its language.
	Column   string
	Language string
	// Topics are the topics found that the model lacks, in exploring's
	// order (most salient first).
	Topics []DiscoveredTopic
}

// DiscoveredTopic is a topic found in the texts: its title, its terms
// (the title first) and the title of the group exploring put it in.
type DiscoveredTopic struct {
	Title string
	Terms []string
	Group string
}

// DiscoverTopics explores the texts of a project the caller owns that has
// a model, as a project without a model would be explored (opt as for
// ExploreProjectWith), and returns the topics its model lacks: a topic
// found is left out when its title or one of its terms is already a term
// or title of the model's topics, or an ignore term of the project (folded
// as analysis.FoldTerm folds). The project is not changed. It reads the
// column last explored (else the largest), takes one of the caller's
// reading slots and is bounded by topicsTime (EUNAVAILABLE past it). A
// project without a model is EINVALID (explore it instead); one busy with
// another step ECONFLICT.
func (s *Service) DiscoverTopics(ctx context.Context, id int64, opt ExploreOptions) (*Discovery, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if err := opt.check(); err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if p.ModelID == nil {
		return nil, explorer.Errorf(explorer.EINVALID, "project %d has no model: explore it to find its topics", p.ID)
	}
	if p.Status != explorer.ProjectReady && p.Status != explorer.ProjectExplored {
		return nil, explorer.Errorf(explorer.ECONFLICT, "project %d is %s: topics can be discovered when it is READY or EXPLORED", p.ID, p.Status)
	}
	col, err := exploreColumn(p, p.TextColumn)
	if err != nil {
		return nil, err
	}
	lang, err := s.columnLanguage(ctx, u, p, col)
	if err != nil {
		return nil, err
	}
	st, _, err := s.modelStructure(ctx, u, p)
	if err != nil {
		return nil, err
	}
	out := &Discovery{ProjectID: p.ID, ModelID: *p.ModelID, Column: p.Headers[col].Header, Language: lang, Topics: []DiscoveredTopic{}}
	ctx, cancel := context.WithTimeout(ctx, topicsTime)
	defer cancel()
	err = s.readingAll(u, func() error {
		found, err := analysis.Explore(s.columnTexts(ctx, p, col), lang, analysis.ExploreOptions{Topics: opt.Topics, Groups: opt.Groups}, s.lexicon(ctx, lang))
		if err != nil {
			return err
		}
		out.Topics = lackedTopics(found, knownTerms(st))
		return nil
	}, "discovering the topics of project %d took longer than %s", p.ID)
	return out, err
}

// knownTerms is the folded terms and titles of st's topics and its ignore
// terms.
func knownTerms(st explorer.Structure) map[string]bool {
	known := map[string]bool{}
	for _, g := range st.Groups {
		for _, t := range g.Topics {
			known[analysis.FoldTerm(t.Title)] = true
			for _, term := range t.Terms {
				known[analysis.FoldTerm(term)] = true
			}
		}
	}
	for _, t := range st.IgnoreTerms {
		known[analysis.FoldTerm(t.Term)] = true
	}
	delete(known, "")
	return known
}

// lackedTopics is the topics of found whose title and terms are none of
// known, in found's order.
func lackedTopics(found []analysis.TopicGroup, known map[string]bool) []DiscoveredTopic {
	out := []DiscoveredTopic{}
	for _, g := range found {
		for _, t := range g.Topics {
			if knownTopic(t, known) {
				continue
			}
			out = append(out, DiscoveredTopic{Title: t.Title, Terms: append([]string{}, t.Terms...), Group: g.Title})
		}
	}
	return out
}

func knownTopic(t analysis.Topic, known map[string]bool) bool {
	if known[analysis.FoldTerm(t.Title)] {
		return true
	}
	for _, term := range t.Terms {
		if known[analysis.FoldTerm(term)] {
			return true
		}
	}
	return false
}

// AddDiscoveredTopic adds a topic discovered in a project the caller owns
// (title and terms, as DiscoverTopics answered them) to the project's
// model, as a new topic of its group DiscoveredGroup (any case), which is
// made when the model has none. It goes through the model editor's change
// (EditModel), so the model's rules hold: the caller needs READ_WRITE on
// the model (EFORBIDDEN for READ, ENOTFOUND when it cannot see it), a
// version is added (or the newest amended, as the editor does), and a
// DYNAMIC model's explored projects are measured again with it. A project
// without a model is EINVALID.
func (s *Service) AddDiscoveredTopic(ctx context.Context, projectID int64, title string, terms []string) (*models.EditResult, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.root.OwnProject(ctx, u, projectID)
	if err != nil {
		return nil, err
	}
	if p.ModelID == nil {
		return nil, explorer.Errorf(explorer.EINVALID, "project %d has no model to add a topic to", p.ID)
	}
	m, err := s.models.WritableModel(ctx, u, *p.ModelID)
	if err != nil {
		return nil, err
	}
	cur, err := s.models.StoredVersion(ctx, m, m.Version)
	if err != nil {
		return nil, err
	}
	edit := models.ModelEdit{Kind: models.EditAddGroup, Title: DiscoveredGroup, FirstTopic: title, Terms: terms}
	for _, g := range cur.Groups {
		if strings.EqualFold(strings.TrimSpace(g.Title), DiscoveredGroup) {
			edit = models.ModelEdit{Kind: models.EditAddTopic, Group: g.ID, Title: title, Terms: terms}
			break
		}
	}
	return s.models.EditModel(ctx, m.ID, m.Tag(), edit)
}
