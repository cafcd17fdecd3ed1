package sheet

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
)

// Byte order marks.
var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// textEncoding is an encoding with its canonical name.
type textEncoding struct {
	enc  encoding.Encoding
	name string
	// utf8 is true for UTF-8, which needs no decoding once known valid.
	utf8 bool
}

var (
	encUTF8    = textEncoding{enc: unicode.UTF8, name: "UTF-8", utf8: true}
	encUTF16LE = textEncoding{enc: unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), name: "UTF-16LE"}
	encUTF16BE = textEncoding{enc: unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), name: "UTF-16BE"}
	encCP1252  = textEncoding{enc: charmap.Windows1252, name: "windows-1252"}
)

// LookupEncoding resolves a WHATWG or IANA encoding name (labels as
// "utf-8", "latin1", "Shift_JIS", "UTF-16BE", "cp1252", in any case) and
// returns its canonical name. An unknown name is an Invalid error.
func LookupEncoding(name string) (canonical string, err error) {
	e, err := lookupEncoding(name)
	if err != nil {
		return "", err
	}
	return e.name, nil
}

func lookupEncoding(name string) (textEncoding, error) {
	label := strings.TrimSpace(name)
	enc, err := htmlindex.Get(label)
	if err != nil || enc == nil {
		enc, err = ianaindex.IANA.Encoding(label)
	}
	// The WHATWG "replacement" encoding decodes every input to U+FFFD: it
	// is no use for reading a file.
	if err != nil || enc == nil || enc == encoding.Replacement {
		if len(label) > 40 {
			label = label[:40] + "…"
		}
		return textEncoding{}, invalidf(0, "unknown encoding %q", strings.ToValidUTF8(label, "?"))
	}
	return canonicalEncoding(enc), nil
}

func canonicalEncoding(enc encoding.Encoding) textEncoding {
	switch enc {
	case unicode.UTF8, unicode.UTF8BOM:
		return encUTF8
	}
	// The preferred MIME name ("ISO-8859-2"), else the IANA name, else the
	// WHATWG one.
	name, err := ianaindex.MIME.Name(enc)
	if err != nil || name == "" {
		name, err = ianaindex.IANA.Name(enc)
	}
	if err != nil || name == "" {
		name, _ = htmlindex.Name(enc)
	}
	// UTF-16 with a byte order mark: the name says which way it goes.
	switch name {
	case "UTF-16LE":
		return encUTF16LE
	case "UTF-16BE":
		return encUTF16BE
	case "UTF-16":
		return textEncoding{enc: enc, name: "UTF-16"}
	}
	return textEncoding{enc: enc, name: name}
}

// bomEncoding returns the encoding a byte order mark at the start of head
// names.
func bomEncoding(head []byte) (textEncoding, bool) {
	switch {
	case bytes.HasPrefix(head, bomUTF8):
		return encUTF8, true
	case bytes.HasPrefix(head, bomUTF16LE):
		return encUTF16LE, true
	case bytes.HasPrefix(head, bomUTF16BE):
		return encUTF16BE, true
	}
	return textEncoding{}, false
}

// scanText reads the whole file once and reports whether it is valid UTF-8
// and whether it holds a NUL byte.
func scanText(r io.ReaderAt, size int64) (validUTF8, hasNUL bool, err error) {
	chunk := int64(256 << 10)
	if size < chunk {
		chunk = size
	}
	buf := make([]byte, chunk+utf8.UTFMax)
	validUTF8 = true
	carry := 0
	for off := int64(0); off < size; {
		n := chunk
		if size-off < n {
			n = size - off
		}
		m, err := r.ReadAt(buf[carry:carry+int(n)], off)
		if m < int(n) {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return false, false, err
		}
		off += n
		data := buf[:carry+m]
		if bytes.IndexByte(data[carry:], 0) >= 0 {
			hasNUL = true
		}
		if validUTF8 {
			// Keep an incomplete sequence at the end for the next chunk.
			keep := 0
			if off < size {
				keep = incompleteTail(data)
			}
			if !utf8.Valid(data[:len(data)-keep]) {
				validUTF8 = false
			}
			copy(buf, data[len(data)-keep:])
			carry = keep
		}
		if hasNUL && !validUTF8 {
			break
		}
	}
	if carry > 0 {
		validUTF8 = false
	}
	return validUTF8, hasNUL, nil
}

// incompleteTail returns the length of an incomplete UTF-8 sequence ending
// data, 0 if there is none.
func incompleteTail(data []byte) int {
	for i := 1; i <= utf8.UTFMax && i <= len(data); i++ {
		b := data[len(data)-i]
		if b < utf8.RuneSelf {
			return 0
		}
		if utf8.RuneStart(b) {
			if utf8.FullRune(data[len(data)-i:]) {
				return 0
			}
			return i
		}
	}
	return 0
}
