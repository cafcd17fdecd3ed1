package projects

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"explorer"
	"explorer/analysis"
	"explorer/language"
)

// MaxWordPolarities is the most word corrections an account keeps.
const MaxWordPolarities = 1000

// wordPolarityRunes is the longest corrected word.
const wordPolarityRunes = 100

// WordPolarities lists the caller's corrections of word polarity, by
// language and word.
func (s *Service) WordPolarities(ctx context.Context) ([]explorer.WordPolarity, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.FindWordPolarities(ctx, u.ID)
}

// SetWordPolarity corrects the polarity of a word (folded as topics fold
// terms) in language lang for the caller's projects: -1 negative, 1
// positive, 0 not an opinion word. The caller's explored projects of the
// language are measured again in the background.
func (s *Service) SetWordPolarity(ctx context.Context, lang, word string, polarity int) (explorer.WordPolarity, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return explorer.WordPolarity{}, err
	}
	w, err := checkWordPolarity(lang, word, polarity)
	if err != nil {
		return w, err
	}
	w.Created = s.clock.Now()
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		have, err := s.store.FindWordPolarities(ctx, u.ID)
		if err != nil {
			return err
		}
		if len(have) >= MaxWordPolarities && !hasWord(have, w) {
			return explorer.Invalid(fmt.Sprintf("an account keeps at most %d word corrections", MaxWordPolarities),
				explorer.FieldError{Field: "word", Message: "too many corrections: remove one first"})
		}
		if err := s.store.SetWordPolarity(ctx, u.ID, w); err != nil {
			return err
		}
		_, err = s.wordsChanged(ctx, u.ID, w.Language)
		return err
	})
	if err != nil {
		return explorer.WordPolarity{}, err
	}
	return w, nil
}

// DeleteWordPolarity removes a correction of the caller's (ENOTFOUND when
// none); its projects of the language are measured again.
func (s *Service) DeleteWordPolarity(ctx context.Context, lang, word string) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	w, err := checkWordPolarity(lang, word, 0)
	if err != nil {
		return err
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
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
	return ids, s.root.MarkStale(ctx, ids...)
}

func hasWord(list []explorer.WordPolarity, w explorer.WordPolarity) bool {
	for _, x := range list {
		if x.Language == w.Language && x.Word == w.Word {
			return true
		}
	}
	return false
}

// checkWordPolarity validates a correction: a known language, one word
// or phrase of at most wordPolarityRunes characters, polarity -1, 0 or 1.
func checkWordPolarity(lang, word string, polarity int) (explorer.WordPolarity, error) {
	var fields []explorer.FieldError
	code, ok := language.Normalize(strings.TrimSpace(lang))
	if !ok {
		fields = append(fields, explorer.FieldError{Field: "language", Message: "must be an ISO 639-1 code such as EN"})
	}
	folded := analysis.FoldTerm(word)
	switch {
	case folded == "":
		fields = append(fields, explorer.FieldError{Field: "word", Message: "must not be empty"})
	case utf8.RuneCountInString(folded) > wordPolarityRunes:
		fields = append(fields, explorer.FieldError{Field: "word", Message: fmt.Sprintf("at most %d characters", wordPolarityRunes)})
	}
	if polarity < -1 || polarity > 1 {
		fields = append(fields, explorer.FieldError{Field: "polarity", Message: "must be positive, negative or neutral"})
	}
	if len(fields) > 0 {
		return explorer.WordPolarity{}, explorer.Invalid("the word correction is not valid", fields...)
	}
	return explorer.WordPolarity{Language: code, Word: folded, Polarity: polarity}, nil
}
