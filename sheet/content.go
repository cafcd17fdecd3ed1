package sheet

import (
	"bytes"
	"io"
	"strings"

	"github.com/richardlehane/mscfb"
)

// mismatch is the Unsupported error for a file whose content does not
// agree with the kind its name gives, saying what the content looks like.
func mismatch(kind Kind, r io.ReaderAt, size int64, head []byte) error {
	var what string
	switch {
	case bytes.HasPrefix(head, magicZip), bytes.HasPrefix(head, magicZipE):
		what = "a zip archive, as XLSX workbooks are"
	case bytes.HasPrefix(head, magicOLE2):
		if kind == KindXLSX && isEncryptedOOXML(r, size) {
			return invalidf(0, "the workbook is protected by a password: save it without one")
		}
		what = "an OLE2 compound file, as XLS workbooks are"
	case len(head) == 0:
		what = "empty"
	default:
		what = "neither an XLS nor an XLSX workbook"
	}
	return unsupportedf("the file's content does not match its .%s name: it is %s", kind, what)
}

// isEncryptedOOXML reports whether an OLE2 file holds an encrypted Office
// Open XML document (a password-protected XLSX file).
func isEncryptedOOXML(r io.ReaderAt, size int64) (found bool) {
	defer func() {
		if recover() != nil {
			found = false
		}
	}()
	if checkCFBHeader(r, size) != nil {
		return false
	}
	doc, err := mscfb.New(io.NewSectionReader(r, 0, size))
	if err != nil {
		return false
	}
	for f, err := doc.Next(); err == nil; f, err = doc.Next() {
		if strings.EqualFold(f.Name, "EncryptedPackage") {
			return true
		}
	}
	return false
}
