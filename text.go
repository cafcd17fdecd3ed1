package explorer

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TextFault is the one check of text that comes from outside (names,
// titles, terms, labels, settings, usernames…): it returns what is wrong
// with v, or "" when v is valid UTF-8 without NUL. Every service entry
// point passes the text fields it takes through it, by CheckText or by
// the field-error collectors that call it, so a byte that would corrupt
// what is stored or shown is refused before anything is written.
func TextFault(v string) string {
	if !utf8.ValidString(v) {
		i := 0
		for i < len(v) {
			r, n := utf8.DecodeRuneInString(v[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return "must be valid UTF-8 (invalid byte at offset " + strconv.Itoa(i) + ")"
	}
	if i := strings.IndexByte(v, 0); i >= 0 {
		return "must not contain NUL (U+0000, at offset " + strconv.Itoa(i) + ")"
	}
	return ""
}

// CheckText is TextFault for one field: nil, or EINVALID naming field.
func CheckText(field, v string) error {
	if msg := TextFault(v); msg != "" {
		return Invalid(field+" "+msg, FieldError{Field: field, Message: msg})
	}
	return nil
}

// CheckLine is CheckText for a one-line value such as a title: it also
// refuses control characters (CR, LF, tab and the other C0 and C1 codes)
// and the Unicode line and paragraph separators, which would break the
// line wherever the value is shown (a mail's subject, a CSV cell, a log
// line, a page's heading).
func CheckLine(field, v string) error {
	if err := CheckText(field, v); err != nil {
		return err
	}
	for i, r := range v {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			msg := "must be one line without control characters (U+" + strconv.FormatInt(int64(r)+0x10000, 16)[1:] + " at offset " + strconv.Itoa(i) + ")"
			return Invalid(field+" "+msg, FieldError{Field: field, Message: msg})
		}
	}
	return nil
}

// CheckTexts checks pairs of field name and value, in order, and returns
// the error of the first faulty one.
func CheckTexts(pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := CheckText(pairs[i], pairs[i+1]); err != nil {
			return err
		}
	}
	return nil
}

// TextFields appends the field error of v, if any, to fields and reports
// whether v was valid.
func TextFields(fields *[]FieldError, field, v string) bool {
	if msg := TextFault(v); msg != "" {
		*fields = append(*fields, FieldError{Field: field, Message: msg})
		return false
	}
	return true
}
