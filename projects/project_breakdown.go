package projects

import (
	"context"
	"explorer"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"explorer/analysis"
	"explorer/tonality"
)

// Periods of a timeline.
const (
	TimelineWeek  = "week"
	TimelineMonth = "month"
)

// Breakdown is a project's topics broken down by the values of a column:
// Cells[t][v] counts topic t's texts whose cell in Column is Values[v]
// (texts with a blank cell left out); All[v] counts every text.
type Breakdown struct {
	Column string
	// Values are the column's values or periods, in order; for a
	// timeline each is the first day of its week (Monday) or month.
	Values []string
	All    []TonalityCounts
	Topics []TopicBreakdown
}

// TopicBreakdown is one topic's row of a Breakdown.
type TopicBreakdown struct {
	ID     int64
	Title  string
	Counts []TonalityCounts
}

// ProjectBreakdown breaks a measured project's topics down by the values
// of one of its BreakdownColumns, in the values' order.
func (s *Service) ProjectBreakdown(ctx context.Context, id int64, column string) (*Breakdown, error) {
	return s.breakdown(ctx, id, column, func(p *explorer.Project, h explorer.ProjectHeader) (func(string) (string, bool), error) {
		if !isBreakdownColumn(p, h) {
			return nil, explorer.Invalid(fmt.Sprintf("column %q is not a column of a few values to break topics down by", h.Header),
				explorer.FieldError{Field: "column", Message: "is not a column of a few values (nor dates, nor the texts explored)"})
		}
		return func(v string) (string, bool) { v = strings.TrimSpace(v); return v, v != "" }, nil
	})
}

// ProjectTimeline counts a measured project's topics by week or month
// (period) of a date column (its headers' TimeSeriesCandidate), in time
// order; texts whose cell is no date are left out.
func (s *Service) ProjectTimeline(ctx context.Context, id int64, column, period string) (*Breakdown, error) {
	if period != TimelineWeek && period != TimelineMonth {
		return nil, explorer.Invalid("period must be week or month", explorer.FieldError{Field: "period", Message: "must be week or month"})
	}
	return s.breakdown(ctx, id, column, func(_ *explorer.Project, h explorer.ProjectHeader) (func(string) (string, bool), error) {
		if !h.TimeSeriesCandidate {
			return nil, explorer.Invalid(fmt.Sprintf("column %q does not hold dates", h.Header), explorer.FieldError{Field: "column", Message: "does not hold dates"})
		}
		var d analysis.DateParser
		return func(v string) (string, bool) {
			t, ok := d.Parse(v)
			if !ok {
				return "", false
			}
			return periodStart(t, period).Format("2006-01-02"), true
		}, nil
	})
}

// BreakdownColumns are the columns a project's topics can be broken down
// by: those of a few values (Filterable, at most analysis.MaxFilterable)
// that are neither dates nor the texts explored (a small project's texts
// are few enough to count as values).
func BreakdownColumns(p *explorer.Project) []string {
	var out []string
	for _, h := range p.Headers {
		if isBreakdownColumn(p, h) {
			out = append(out, h.Header)
		}
	}
	return out
}

func isBreakdownColumn(p *explorer.Project, h explorer.ProjectHeader) bool {
	return h.Filterable && !h.TimeSeriesCandidate && !strings.EqualFold(h.Header, p.TextColumn)
}

// TimelineColumns are the date columns a project's topics can be counted
// by week or month of (ProjectTimeline).
func TimelineColumns(p *explorer.Project) []string {
	var out []string
	for _, h := range p.Headers {
		if h.TimeSeriesCandidate {
			out = append(out, h.Header)
		}
	}
	return out
}

// periodStart is the first day of t's week (Monday) or month.
func periodStart(t time.Time, period string) time.Time {
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if period == TimelineMonth {
		return day.AddDate(0, 0, 1-day.Day())
	}
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// breakdown counts the topics of a measured project by the key that
// keyOf (made for the column's header) gives each text's cell.
func (s *Service) breakdown(ctx context.Context, id int64, column string, keyOf func(*explorer.Project, explorer.ProjectHeader) (func(string) (string, bool), error)) (*Breakdown, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, col, _, err := s.measuredProject(ctx, u, id)
	if err != nil {
		return nil, err
	}
	by := columnIndex(p, column)
	if by < 0 {
		return nil, explorer.Invalid(fmt.Sprintf("project %d has no column %q", p.ID, column), explorer.FieldError{Field: "column", Message: "no such column"})
	}
	key, err := keyOf(p, p.Headers[by])
	if err != nil {
		return nil, err
	}
	topics := topicList(p.Structure)
	var counts map[string][]TonalityCounts
	err = s.readingAll(u, func() error {
		// The stored mentions are loaded in the reading's slot too.
		walks, err := s.mentionWalks(ctx, p.ID, topics)
		if err == nil {
			counts, err = s.countByKey(ctx, p, col, by, key, walks)
		}
		return err
	}, "breaking down the texts of project %d took longer than %s", p.ID)
	if err != nil {
		return nil, err
	}
	return breakdownOf(p.Headers[by].Header, topics, counts), nil
}

// countByKey counts, in one pass over the texts of column col, the
// mentions of walks by the key of each text's cell in column by.
func (s *Service) countByKey(ctx context.Context, p *explorer.Project, col, by int, key func(string) (string, bool), walks []mentionWalk) (map[string][]TonalityCounts, error) {
	counts := map[string][]TonalityCounts{}
	row := 0
	err := s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
		row++
		if col >= len(cells) || by >= len(cells) || !isText(cells[col]) {
			return ctx.Err()
		}
		k, ok := key(cells[by])
		if !ok {
			return ctx.Err()
		}
		c := counts[k]
		if c == nil {
			if len(counts) >= maxBreakdownValues {
				return ctx.Err()
			}
			c = make([]TonalityCounts, len(walks))
			counts[k] = c
		}
		for i := range walks {
			if sc, ok := walks[i].at(row); ok {
				c[i].add(sc)
			}
		}
		return ctx.Err()
	})
	return counts, err
}

// maxBreakdownValues bounds the values (or periods) a breakdown keeps;
// values past it are left out.
const maxBreakdownValues = 520

// add counts a mention of score, keeping Score the mean.
func (c *TonalityCounts) add(score float64) {
	n := float64(c.Texts())
	c.Score = (c.Score*n + score) / (n + 1)
	switch tonality.LabelOf(score) {
	case tonality.Positive:
		c.Positive++
	case tonality.Negative:
		c.Negative++
	default:
		c.Neutral++
	}
}

func breakdownOf(column string, topics []explorer.Topic, counts map[string][]TonalityCounts) *Breakdown {
	b := &Breakdown{Column: column, Values: make([]string, 0, len(counts)), Topics: make([]TopicBreakdown, len(topics))}
	for v := range counts {
		b.Values = append(b.Values, v)
	}
	sort.Strings(b.Values)
	for ti, t := range topics {
		b.Topics[ti] = TopicBreakdown{ID: t.ID, Title: t.Title, Counts: make([]TonalityCounts, len(b.Values))}
	}
	b.All = make([]TonalityCounts, len(b.Values))
	for vi, v := range b.Values {
		b.All[vi] = counts[v][0]
		for ti := range topics {
			b.Topics[ti].Counts[vi] = counts[v][ti+1]
		}
	}
	return b
}

// BreakdownTable is a Breakdown as the pages export it: a header row
// (Topic, then per value its texts and net tonality), a row of all texts,
// then a row per topic.
func BreakdownTable(b *Breakdown) [][]string {
	header := []string{"Topic"}
	for _, v := range b.Values {
		header = append(header, v+" (texts)", v+" (net tonality)")
	}
	row := func(title string, counts []TonalityCounts) []string {
		out := []string{title}
		for _, c := range counts {
			out = append(out, strconv.Itoa(c.Texts()), strconv.FormatFloat(c.Net(), 'f', 3, 64))
		}
		return out
	}
	out := [][]string{header, row("All texts", b.All)}
	for _, t := range b.Topics {
		out = append(out, row(t.Title, t.Counts))
	}
	return out
}
