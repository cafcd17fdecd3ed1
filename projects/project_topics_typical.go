package projects

import (
	"context"
	"explorer"

	"explorer/analysis"
)

// typicalSample is the most mentions of a topic whose texts are read to
// choose its examples: an even sample of a topic mentioned more often, so
// that choosing costs at most this many rows a topic whatever the project.
const typicalSample = 500

// chooseExamples sets the Examples of each topic part (pole 0) of parts,
// measured on column col of project id with st's topics: the rows of its
// TopicExamples most typical texts (analysis.TypicalTexts over the
// Topic's terms, ignore terms left out) among an even sample of at most
// typicalSample of its mentions, read by row number, near-duplicates
// counted once (three examples are three different texts). It runs after the
// measuring pass, so that reading a project's topics reads the chosen
// rows only.
func (s *Service) chooseExamples(ctx context.Context, id int64, col int, lang string, st explorer.Structure, parts []TonalityPart) error {
	keep := withoutIgnored(st.IgnoreTerms)
	terms := map[int64][]string{}
	for _, g := range st.Groups {
		for _, t := range g.Topics {
			terms[t.ID] = keep(t.Terms)
		}
	}
	for i := range parts {
		p := &parts[i]
		if p.TopicID == 0 || p.PoleID != 0 || len(p.Mentions) == 0 || len(terms[p.TopicID]) == 0 {
			continue
		}
		rows := evenRows(p.Mentions, typicalSample)
		cells, err := s.store.FindProjectRows(ctx, id, rows)
		if err != nil {
			return err
		}
		rows, texts := distinctRows(rows, cells, col)
		p.Examples = p.Examples[:0]
		for _, k := range analysis.TypicalTexts(texts, terms[p.TopicID], lang, TopicExamples) {
			p.Examples = append(p.Examples, rows[k])
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// distinctRows is rows and their texts in column col, a near-duplicate
// of an earlier text (analysis.TextKey) left out, so that the examples
// are different texts.
func distinctRows(rows []int, cells map[int][]string, col int) ([]int, []string) {
	seen := make(map[uint64]bool, len(rows))
	kept, texts := rows[:0], make([]string, 0, len(rows))
	for _, r := range rows {
		text := cellText(cells[r], col)
		if key := analysis.TextKey(text); !seen[key] {
			seen[key] = true
			kept, texts = append(kept, r), append(texts, text)
		}
	}
	return kept, texts
}

// evenRows is the rows of at most n of ms, evenly spread over them (all
// when there are no more than n), in row order.
func evenRows(ms []Mention, n int) []int {
	if len(ms) <= n {
		rows := make([]int, len(ms))
		for i, m := range ms {
			rows[i] = m.Row
		}
		return rows
	}
	rows := make([]int, n)
	for i := range rows {
		rows[i] = ms[i*len(ms)/n].Row
	}
	return rows
}
