package explorer

import (
	"context"
	"strings"
)

// ModelFile is an uploaded model file. Package internal/tablefile reads
// the upload format (its columns and rows) into groups.
type ModelFile interface {
	// ReadGroups reads the file within limits into groups without ids,
	// each with topics whose titles and terms are trimmed, not empty and
	// within TopicTitleMax and TermMax, a topic's terms without repeats
	// (by TermKey). Errors are *Error values: EUNSUPPORTED for a file
	// that is not a table, ETOOLARGE past a limit, EINVALID for a file
	// that cannot be read or whose rows are not a model (naming the rows).
	ReadGroups(ctx context.Context, limits TableLimits) ([]Group, error)
}

// UploadModelInput is the input of UploadModel.
type UploadModelInput struct {
	// Title is nil for a model without a title.
	Title *string
	// Language is an ISO 639-1 code, or blank to detect it.
	Language string
	File     ModelFile
}

// UploadModel creates a model from an uploaded model file, read within
// the model limits of the table budgets once the caller, the title and
// the language are checked.
func (s *Service) UploadModel(ctx context.Context, in UploadModelInput) (*Model, error) {
	u, err := ActiveActor(ctx)
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
		return nil, Invalid("a file is required", FieldError{Field: "file", Message: "is required"})
	}
	groups, err := in.File.ReadGroups(ctx, s.tables.ModelLimits())
	if err != nil {
		return nil, err
	}
	lang, err := s.modelLanguage(ctx, u, in.Language, groups)
	if err != nil {
		return nil, err
	}
	st := Structure{
		Groups:                AssignIDs(nil, groups, &IDCounters{Group: 1, Topic: 1}),
		IgnoreTerms:           []IgnoreTerm{},
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
