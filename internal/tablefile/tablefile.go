// Package tablefile reads uploaded table files with package sheet for the
// service layer: File implements explorer.TableFile, so that the JSON
// interface and the pages hand uploads to the Service the same way.
package tablefile

import (
	"io"
	"mime/multipart"
	"strings"

	explorer "explorer"
	"explorer/sheet"
)

// File is an uploaded table file.
type File struct {
	// Name is the file's name; its extension gives the type.
	Name string
	// Encoding is a CSV file's encoding, blank to guess it.
	Encoding string
	Body     io.ReaderAt
	Size     int64
}

// ReadTable reads the file with package sheet.
func (f File) ReadTable(limits explorer.TableLimits, accept func(header []string) bool) (*explorer.Table, error) {
	kind, err := sheet.KindFromName(f.Name)
	if err != nil {
		return nil, err
	}
	t, err := sheet.Read(f.Body, f.Size, kind, sheet.Options{
		Encoding:     f.Encoding,
		MaxRows:      limits.MaxRows,
		MaxCellLen:   limits.MaxCellLen,
		MaxUnzipSize: limits.MaxUnzipSize,
	}, accept)
	if err != nil {
		return nil, err
	}
	return &explorer.Table{Header: t.Header, Rows: t.Rows, RowNumbers: t.RowNumbers, Encoding: t.Encoding}, nil
}

// FromForm opens the file of the part named part in a multipart form. Its
// name is the text part fileName when given (as the original client sends
// it), else the part's own file name. The caller closes the returned
// closer. A form without the part is EINVALID.
func FromForm(form *multipart.Form, part, encoding string) (File, io.Closer, error) {
	files := form.File[part]
	if len(files) == 0 || files[0] == nil {
		return File{}, nil, explorer.Invalid("the multipart part "+part+" with the file is required", explorer.FieldError{Field: part, Message: "is required"})
	}
	fh := files[0]
	name := fh.Filename
	if v := form.Value["fileName"]; len(v) > 0 && strings.TrimSpace(v[0]) != "" {
		name = strings.TrimSpace(v[0])
	}
	body, err := fh.Open()
	if err != nil {
		return File{}, nil, explorer.Internal(err)
	}
	return File{Name: name, Encoding: encoding, Body: body, Size: fh.Size}, body, nil
}
