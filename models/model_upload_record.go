package models

import (
	"context"
	"explorer"
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
	ReadGroups(ctx context.Context, limits explorer.TableLimits) ([]explorer.Group, error)
}

// UploadModelInput is the input of UploadModel.
type UploadModelInput struct {
	// Title is nil for a model without a title.
	Title *string
	// Language is an ISO 639-1 code, or blank to detect it.
	Language string
	File     ModelFile
}
