package explorer

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"explorer/analysis"
	"explorer/language"
)

// MaxWordPolarities is the most word corrections an account keeps.
const MaxWordPolarities = 1000

// wordPolarityRunes is the longest corrected word.
const wordPolarityRunes = 100

// WordPolarities lists the caller's corrections of word polarity, by
// language and word.
func (s *Service) WordPolarities(ctx context.Context) ([]WordPolarity, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.FindWordPolarities(ctx, u.ID)
}

// SetWordPolarity corrects the polarity of a word (folded as topics fold
// terms) in language lang for the caller's projects: -1 negative, 1
// positive, 0 not an opinion word. The caller's explored projects of the
// language are measured again in the background.
func (s *Service) SetWordPolarity(ctx context.Context, lang, word string, polarity int) (WordPolarity, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return WordPolarity{}, err
	}
	w, err := checkWordPolarity(lang, word, polarity)
	if err != nil {
		return w, err
	}
	w.Created = s.clock.Now()
	err = s.InTx(ctx, func(ctx context.Context) error {
		have, err := s.store.FindWordPolarities(ctx, u.ID)
		if err != nil {
			return err
		}
		if len(have) >= MaxWordPolarities && !hasWord(have, w) {
			return Invalid(fmt.Sprintf("an account keeps at most %d word corrections", MaxWordPolarities),
				FieldError{Field: "word", Message: "too many corrections: remove one first"})
		}
		if err := s.store.SetWordPolarity(ctx, u.ID, w); err != nil {
			return err
		}
		_, err = s.wordsChanged(ctx, u.ID, w.Language)
		return err
	})
	if err != nil {
		return WordPolarity{}, err
	}
	return w, nil
}

// DeleteWordPolarity removes a correction of the caller's (ENOTFOUND when
// none); its projects of the language are measured again.
func (s *Service) DeleteWordPolarity(ctx context.Context, lang, word string) error {
	u, err := ActiveActor(ctx)
	if err != nil {
		return err
	}
	w, err := checkWordPolarity(lang, word, 0)
	if err != nil {
		return err
	}
	return s.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.DeleteWordPolarity(ctx, u.ID, w.Language, w.Word); err != nil {
			return err
		}
		_, err := s.wordsChanged(ctx, u.ID, w.Language)
		return err
	})
}

// wordsChanged makes the tonality of a user's explored projects of a
// language stale and returns their ids.
func (s *Service) wordsChanged(ctx context.Context, userID int64, lang string) ([]int64, error) {
	ids, err := s.store.FindOwnerProjects(ctx, userID, lang)
	if err != nil {
		return nil, err
	}
	return ids, s.MarkStale(ctx, ids...)
}

func hasWord(list []WordPolarity, w WordPolarity) bool {
	for _, x := range list {
		if x.Language == w.Language && x.Word == w.Word {
			return true
		}
	}
	return false
}

// checkWordPolarity validates a correction: a known language, one word
// or phrase of at most wordPolarityRunes characters, polarity -1, 0 or 1.
func checkWordPolarity(lang, word string, polarity int) (WordPolarity, error) {
	var fields []FieldError
	code, ok := language.Normalize(strings.TrimSpace(lang))
	if !ok {
		fields = append(fields, FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
	}
	folded := analysis.FoldTerm(word)
	switch {
	case folded == "":
		fields = append(fields, FieldError{Field: "word", Message: "must not be empty"})
	case utf8.RuneCountInString(folded) > wordPolarityRunes:
		fields = append(fields, FieldError{Field: "word", Message: fmt.Sprintf("at most %d characters", wordPolarityRunes)})
	}
	if polarity < -1 || polarity > 1 {
		fields = append(fields, FieldError{Field: "polarity", Message: "must be positive, negative or neutral"})
	}
	if len(fields) > 0 {
		return WordPolarity{}, Invalid("the word correction is not valid", fields...)
	}
	return WordPolarity{Language: code, Word: folded, Polarity: polarity}, nil
}

// WordCorrections are the owner's corrections of word polarity in lang,
// by word.
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
