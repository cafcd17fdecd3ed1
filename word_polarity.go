package explorer

import "context"

// WordCorrections are the owner's corrections of word polarity in lang,
// by word: the projects' tonality and the poles' polarity read them (the
// account sets them through package projects, word_polarity.go there).
func (s *Service) WordCorrections(ctx context.Context, ownerID int64, lang string) (map[string]float64, error) {
	words, err := s.store.FindWordPolarities(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	over := map[string]float64{}
	for _, w := range words {
		if w.Language == lang {
			over[w.Word] = float64(w.Polarity)
		}
	}
	return over, nil
}
