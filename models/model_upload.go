package models

import (
	"context"
	"strings"

	"explorer"
)

// UploadModel creates a model from an uploaded model file, read within
// the model limits of the table budgets once the caller, the title and
// the language are checked.
func (s *Service) UploadModel(ctx context.Context, in UploadModelInput) (*Model, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	title, err := cleanModelTitle(in.Title)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Language) != "" {
		if _, err := s.modelLanguage(ctx, u, in.Language, nil); err != nil {
			return nil, err
		}
	}
	if in.File == nil {
		return nil, explorer.Invalid("a file is required", explorer.FieldError{Field: "file", Message: "is required"})
	}
	groups, err := in.File.ReadGroups(ctx, s.tables.ModelLimits())
	if err != nil {
		return nil, err
	}
	lang, err := s.modelLanguage(ctx, u, in.Language, groups)
	if err != nil {
		return nil, err
	}
	st := explorer.Structure{
		Groups:                AssignIDs(nil, groups, &IDCounters{Group: 1, Topic: 1}),
		IgnoreTerms:           []explorer.IgnoreTerm{},
		IgnoreTermsDictionary: map[string]string{},
	}
	var rec *ModelRecord
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		rec, err = s.createModel(ctx, u, title, ModelStandard, lang, &st, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.modelWith(ctx, rec, rec.Version, s.rememberVersion(currentKey(rec), &st))
}
