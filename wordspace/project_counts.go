package wordspace

import "context"

// WordCounts implements explorer.ProjectSpaces: how many times each term
// occurs in the texts the account's project spaces of lang were trained
// on, summed over those spaces (0 for a term a space does not hold: one
// occurring fewer than ProjectMinCount times in a project's texts, or
// beyond its first ProjectMaxTexts texts).
func (p *ProjectSpaces) WordCounts(ctx context.Context, account int64, lang string, terms []string) ([]int64, error) {
	out := make([]int64, len(terms))
	l, _ := NormalizeLang(lang)
	files, err := p.files(account, l)
	if err != nil || len(files) == 0 {
		return out, err
	}
	for _, f := range files {
		s, err := p.space(ctx, f)
		if err != nil {
			return nil, err
		}
		if s == nil {
			continue // removed since the index was read
		}
		for i, t := range terms {
			if id, ok := s.Lookup(t); ok {
				out[i] += s.Count(id)
			}
		}
	}
	return out, nil
}
