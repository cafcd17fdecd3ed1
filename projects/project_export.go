package projects

import (
	"context"
	"explorer"
	"fmt"
	"strconv"
	"strings"

	"explorer/tonality"
)

// ExportProjectTexts writes, through write, a table of the texts of a
// project the caller owns whose tonality was measured: a header row (the
// project's columns, Tonality, Score, then "Topic: <title>" for each
// Topic), then one row per non-empty text of the explored column, in row
// order, holding its cells, its label and score, and the label of its
// mention of each topic (empty where it has none). It reads the texts
// once (a reading of all the texts: see readingAll); memory holds the
// stored mentions.
func (s *Service) ExportProjectTexts(ctx context.Context, id int64, write func(row []string) error) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	p, col, _, err := s.measuredProject(ctx, u, id)
	if err != nil {
		return err
	}
	topics := topicList(p.Structure)
	header := append(headerNames(p), "Tonality", "Score")
	for _, t := range topics {
		header = append(header, "Topic: "+t.Title)
	}
	if err := write(header); err != nil {
		return err
	}
	return s.readingAll(u, func() error {
		// The stored mentions are loaded in the reading's slot too.
		walks, err := s.mentionWalks(ctx, p.ID, topics)
		if err != nil {
			return err
		}
		return s.writeTexts(ctx, p, col, len(header), walks, write)
	}, "writing the texts of project %d took longer than %s", p.ID)
}

// writeTexts writes the rows of ExportProjectTexts in one pass over the
// texts; walks are mentionWalks of the project's topics.
func (s *Service) writeTexts(ctx context.Context, p *explorer.Project, col, width int, walks []mentionWalk, write func(row []string) error) error {
	row := 0
	return s.store.EachProjectRow(ctx, p.ID, func(cells []string) error {
		row++
		if col >= len(cells) || !isText(cells[col]) {
			return ctx.Err()
		}
		out := make([]string, 0, width)
		out = append(out, padCells(cells, len(p.Headers))...)
		score, _ := walks[0].at(row)
		out = append(out, string(tonality.LabelOf(score)), strconv.FormatFloat(score, 'f', 3, 64))
		for i := range walks[1:] {
			label := ""
			if sc, ok := walks[i+1].at(row); ok {
				label = string(tonality.LabelOf(sc))
			}
			out = append(out, label)
		}
		if err := write(out); err != nil {
			return err
		}
		return ctx.Err()
	})
}

// mentionWalks are the walks of the whole texts' mentions (first) and of
// each topic's, in the order of topics.
func (s *Service) mentionWalks(ctx context.Context, projectID int64, topics []explorer.Topic) ([]mentionWalk, error) {
	walks := make([]mentionWalk, len(topics)+1)
	for i := range walks {
		topic := int64(0)
		if i > 0 {
			topic = topics[i-1].ID
		}
		var err error
		if walks[i].ms, err = s.store.FindTonalityMentions(ctx, projectID, topic, 0); err != nil {
			return nil, err
		}
	}
	return walks, nil
}

// mentionWalk reads a part's mentions for rows asked in increasing order.
type mentionWalk struct {
	ms []Mention
	i  int
}

func (w *mentionWalk) at(row int) (float64, bool) {
	for w.i < len(w.ms) && w.ms[w.i].Row < row {
		w.i++
	}
	if w.i < len(w.ms) && w.ms[w.i].Row == row {
		return w.ms[w.i].Score, true
	}
	return 0, false
}

// padCells is cells cut or padded to n.
func padCells(cells []string, n int) []string {
	out := make([]string, n)
	copy(out, cells)
	for i := range out {
		out[i] = toValidText(out[i])
	}
	return out
}

// TopicsTable is the table of a project's topics as the topic exports
// show it: a header row, then one row per topic with its group, title,
// terms, texts, share, tonality counts, net tonality, mean score, and per
// pole its texts and mean score.
func TopicsTable(t *ProjectTopics) [][]string {
	header := []string{"Group", "Topic", "Terms", "Texts", "Share", "Positive", "Neutral", "Negative", "Net tonality", "Score"}
	for _, ps := range t.Tonality.Poles {
		header = append(header, fmt.Sprintf("Pole: %s (texts)", ps.Name), fmt.Sprintf("Pole: %s (score)", ps.Name))
	}
	out := [][]string{header}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	for _, g := range t.Groups {
		for _, tp := range g.Topics {
			c := tp.Tonality
			row := []string{g.Title, tp.Title, strings.Join(tp.Terms, ", "), strconv.Itoa(tp.Texts), f(tp.Share),
				strconv.Itoa(c.Positive), strconv.Itoa(c.Neutral), strconv.Itoa(c.Negative), f(c.Net()), f(c.Score)}
			for _, ps := range tp.Poles {
				row = append(row, strconv.Itoa(ps.Texts), f(ps.Score))
			}
			out = append(out, row)
		}
	}
	return out
}
