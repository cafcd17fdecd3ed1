package projects

import (
	"context"
)

// Tonality labels, as tonality.Label spells them.
const (
	LabelPositive = "positive"
	LabelNegative = "negative"
	LabelNeutral  = "neutral"
)

// TonalityCounts counts texts by the label of their mention of something
// (a topic, or the whole text) and gives the mean of their scores.
type TonalityCounts struct {
	Positive, Negative, Neutral int
	// Score is the mean mention score in [-1, 1] (0 without texts).
	Score float64
}

// Texts is the number of texts counted.
func (c TonalityCounts) Texts() int { return c.Positive + c.Negative + c.Neutral }

// Net is the net tonality, (positive − negative) / all, 0 without texts.
func (c TonalityCounts) Net() float64 {
	if c.Texts() == 0 {
		return 0
	}
	return float64(c.Positive-c.Negative) / float64(c.Texts())
}

// NegativeShare is negative / all, 0 without texts.
func (c TonalityCounts) NegativeShare() float64 {
	if c.Texts() == 0 {
		return 0
	}
	return float64(c.Negative) / float64(c.Texts())
}

// PoleScore is what a pole measures in the mentions of a topic (or in the
// whole texts): the texts whose mention holds one of the pole's terms and
// the mean of their pole scores (the sum of the matched terms' weights, a
// negated term's counted negatively).
type PoleScore struct {
	PoleID int64
	Name   string
	Texts  int
	Score  float64
}

// Mention is one text's mention of a topic (or the whole text): its row
// (from 1) and its score.
type Mention struct {
	Row   int
	Score float64
}

// TonalityPart is one stored part of a project's measured tonality:
// TopicID 0 is the whole text, PoleID 0 the lexicon's tonality. Counts
// hold for PoleID 0; Texts and ScoreSum for both. Mentions are read only
// when asked (FindTonalityMentions), in row order.
type TonalityPart struct {
	TopicID, PoleID             int64
	Positive, Negative, Neutral int
	Texts                       int
	ScoreSum                    float64
	Mentions                    []Mention
	// Examples are the rows of a topic's most typical texts (PoleID 0),
	// chosen when measured, most typical first; none for the whole text,
	// a pole or a part measured before they were chosen.
	Examples []int
}

// TonalityStore keeps what measuring a project's tonality found and the
// poles a project is measured with (marking tonality stale and the
// accounts' word corrections are explorer.ProjectRecords).
type TonalityStore interface {
	// SetProjectTonality replaces a project's stored tonality with parts
	// and its state with state; it charges the owner for what the parts
	// store. With gen >= 0 it writes only while the project's tonality
	// generation is still gen, and reports whether it wrote.
	SetProjectTonality(ctx context.Context, projectID int64, parts []TonalityPart, state string, gen int64) (bool, error)
	// FindProjectTonality returns the stored parts without their
	// mentions, and the project's tonality state and generation.
	FindProjectTonality(ctx context.Context, projectID int64) (parts []TonalityPart, state string, gen int64, err error)
	// FindTonalityMentions returns the mentions of one part, in row order
	// (none when the part is not stored).
	FindTonalityMentions(ctx context.Context, projectID, topicID, poleID int64) ([]Mention, error)
	// FindProjectRows returns the cells of the rows numbered nums (from 1).
	FindProjectRows(ctx context.Context, projectID int64, nums []int) (map[int][]string, error)
	// SetProjectPoles replaces the poles a project is measured with.
	SetProjectPoles(ctx context.Context, projectID int64, poleIDs []int64) error
	// FindProjectPoles lists the poles a project is measured with, in the
	// order chosen.
	FindProjectPoles(ctx context.Context, projectID int64) ([]int64, error)
	// TakeDroppedPoles returns and clears the names of a project's dropped
	// poles.
	TakeDroppedPoles(ctx context.Context, projectID int64) ([]string, error)
}
