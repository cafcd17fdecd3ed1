package testkit

import (
	"context"
	"fmt"

	"explorer"
	"explorer/internal/tablefile"
)

// ModelFile is a model file (and a table source) answering a fixed Table
// or Err, recording the Limits it was read with and whether it was Read;
// its table is read by internal/tablefile as an upload is.
type ModelFile struct {
	Table  *tablefile.Table
	Err    error
	Limits explorer.TableLimits
	Read   bool
}

// StreamTable replays the Table (or answers Err) as a table source.
func (f *ModelFile) StreamTable(_ context.Context, l explorer.TableLimits, accept func([]string) bool, header func([]string) error, row func(int, []string) error) (string, error) {
	f.Read, f.Limits = true, l
	if f.Err != nil {
		return "", f.Err
	}
	if !accept(f.Table.Header) && tablefile.HasModelColumns(f.Table.Header) {
		return "", fmt.Errorf("accept refuses a good header")
	}
	return replayTable(f.Table, header, row)
}

// ReadGroups reads the Table as internal/tablefile reads an upload.
func (f *ModelFile) ReadGroups(ctx context.Context, l explorer.TableLimits) ([]explorer.Group, error) {
	return tablefile.ReadModel(ctx, f, l)
}

// replayTable hands a table to StreamTable's callbacks.
func replayTable(t *tablefile.Table, header func([]string) error, row func(int, []string) error) (string, error) {
	if err := header(t.Header); err != nil {
		return "", err
	}
	for i, r := range t.Rows {
		num := i + 2
		if i < len(t.RowNumbers) {
			num = t.RowNumbers[i]
		}
		if err := row(num, r); err != nil {
			return "", err
		}
	}
	return t.Encoding, nil
}
