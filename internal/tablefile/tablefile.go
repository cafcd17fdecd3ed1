// Package tablefile is the upload and export file format of the service
// layer, over package sheet (the file types): File implements
// explorer.TableSource (a project import's rows) and models.ModelFile
// (a model file read into groups, model.go), so that the JSON interface,
// the pages and the command line hand uploads to the Service the same
// way; export.go and rows.go write a model version as a model file.
package tablefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"strings"
	"unicode/utf8"

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
	// Progress, when set, is told how many bytes of Size were read.
	Progress func(done, total int64)
}

// FromForm opens the file of the part named part in a multipart form. Its
// name is the text part fileName when given (as the original client sends
// it), else the part's own file name. The caller closes the returned
// closer once the upload is handled: the upload counts as being read
// until then, and the last of a burst of large uploads to close returns
// their memory to the system (memory.go). A form without the part is
// EINVALID.
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
	return File{Name: name, Encoding: encoding, Body: body, Size: fh.Size}, uploadCloser{c: body, end: uploads.begin()}, nil
}

// StreamTable reads the file row by row with package sheet (it implements
// explorer.TableSource). A CSV file whose given encoding is UTF-8 must be
// valid UTF-8, and with another given encoding no cell may hold characters
// the encoding could not decode (U+FFFD): a project must not keep broken
// text. Progress, when set, is called with the bytes read so far.
func (f File) StreamTable(ctx context.Context, limits explorer.TableLimits, accept func([]string) bool, header func([]string) error, row func(num int, cells []string) error) (string, error) {
	if f.Progress == nil {
		if fn := explorer.ProgressOf(ctx); fn != nil {
			f.Progress = fn
		}
	}
	enc, err := f.streamTable(ctx, limits, accept, header, row)
	return enc, fileError(err)
}

func (f File) streamTable(ctx context.Context, limits explorer.TableLimits, accept func([]string) bool, header func([]string) error, row func(num int, cells []string) error) (string, error) {
	kind, err := sheet.KindFromName(f.Name)
	if err != nil {
		return "", err
	}
	strict := false
	if kind == sheet.KindCSV && strings.TrimSpace(f.Encoding) != "" {
		enc, err := sheet.LookupEncoding(f.Encoding)
		if err != nil {
			return "", err
		}
		if enc == "UTF-8" {
			if off, ok := validUTF8(f.Body, f.Size); !ok {
				return "", explorer.Invalid(fmt.Sprintf("the file is not valid UTF-8 (invalid byte at offset %d): give its encoding", off),
					explorer.FieldError{Field: "encoding", Message: "does not match the file"})
			}
		} else {
			strict = true
		}
	}
	return sheet.Stream(ctx, f.Body, f.Size, kind, sheet.Options{
		Encoding:     f.Encoding,
		MaxRows:      limits.MaxRows,
		MaxColumns:   limits.MaxColumns,
		MaxCellLen:   limits.MaxCellLen,
		MaxUnzipSize: limits.MaxUnzipSize,
		MaxText:      limits.MaxText,
		MaxDuration:  limits.MaxDuration,
		Progress:     f.Progress,
	}, accept, header, func(num int, cells []string) error {
		if strict {
			for _, c := range cells {
				if strings.ContainsRune(c, utf8.RuneError) {
					return explorer.Invalid(fmt.Sprintf("row %d cannot be decoded as %s: give the file's encoding", num, f.Encoding),
						explorer.FieldError{Field: "encoding", Message: "does not match the file"})
				}
			}
		}
		return row(num, cells)
	})
}

// kindCodes are the service layer's codes of package sheet's error kinds.
var kindCodes = map[sheet.ErrorKind]string{
	sheet.Invalid:     explorer.EINVALID,
	sheet.TooLarge:    explorer.ETOOLARGE,
	sheet.Unsupported: explorer.EUNSUPPORTED,
	sheet.Cancelled:   explorer.EUNAVAILABLE,
}

// fileError maps package sheet's errors to the service layer's, with
// their messages: a reason about the whole file goes to the field "file".
// The service layer's own errors (of the callbacks) pass as they are; any
// other error (reading the upload) is internal.
func fileError(err error) error {
	if err == nil {
		return nil
	}
	var se *sheet.Error
	if errors.As(err, &se) {
		xe := &explorer.Error{Code: kindCodes[se.Kind], Message: se.Message, Err: se.Err}
		if se.Reason != "" {
			xe.Fields = []explorer.FieldError{{Field: "file", Message: se.Reason}}
		}
		return xe
	}
	var xe *explorer.Error
	if errors.As(err, &xe) {
		return err
	}
	return explorer.Internal(err)
}

// validUTF8 checks a file in chunks; it answers the offset of the first
// invalid byte when it is not valid.
func validUTF8(r io.ReaderAt, size int64) (int64, bool) {
	const chunk = 256 << 10
	buf := make([]byte, chunk+utf8.UTFMax)
	carry := 0
	var base int64 // offset of buf[0]
	for off := int64(0); off < size; {
		n := min(int64(chunk), size-off)
		m, err := r.ReadAt(buf[carry:carry+int(n)], off)
		if m < int(n) {
			_ = err
			return off, false
		}
		off += n
		data := buf[:carry+m]
		keep := 0
		if off < size {
			// An incomplete sequence at the end continues in the next chunk.
			for i := 1; i < utf8.UTFMax && i <= len(data); i++ {
				if utf8.RuneStart(data[len(data)-i]) {
					if !utf8.FullRune(data[len(data)-i:]) {
						keep = i
					}
					break
				}
			}
		}
		valid := data[:len(data)-keep]
		for i := 0; i < len(valid); {
			r, w := utf8.DecodeRune(valid[i:])
			if r == utf8.RuneError && w <= 1 {
				return base + int64(i), false
			}
			i += w
		}
		base += int64(len(valid))
		copy(buf, data[len(data)-keep:])
		carry = keep
	}
	if carry > 0 {
		return base, false
	}
	return 0, true
}

// Detached copies the file's body into a temporary file of dir ("" the
// system's), so that it outlives the upload it came with (an import run
// as a job after its request ended); release removes the copy.
func (f File) Detached(dir string) (File, func(), error) {
	tmp, err := os.CreateTemp(dir, "import-*")
	if err != nil {
		return f, nil, explorer.Internal(err)
	}
	release := func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}
	if _, err := io.Copy(tmp, io.NewSectionReader(f.Body, 0, f.Size)); err != nil {
		release()
		return f, nil, explorer.Internal(err)
	}
	f.Body = tmp
	return f, release, nil
}
