package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	explorer "explorer"
)

// checkJSONText refuses a JSON body that is not valid UTF-8, or that
// escapes half of a UTF-16 surrogate pair without the other half (such as
// "\udc00", which the decoder would silently turn into U+FFFD), with the
// field (a JSON path such as groups[0].terms[1]) where the first bad byte
// is, as the one text check of the service (explorer.CheckText) does.
// NUL in a string ("\u0000") is valid JSON and left to the service,
// which refuses it by field as well.
func checkJSONText(body []byte) error {
	if utf8.Valid(body) {
		return checkSurrogates(body)
	}
	bad := 0
	for bad < len(body) {
		r, n := utf8.DecodeRune(body[bad:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		bad += n
	}
	field := jsonPathAt(body, bad)
	msg := "must be valid UTF-8 (invalid byte at offset " + strconv.Itoa(bad) + " of the body)"
	return explorer.Invalid(field+" "+msg, explorer.FieldError{Field: field, Message: msg})
}

// jsonPathAt names the value of body whose text holds offset ("body" when
// it cannot tell).
func jsonPathAt(body []byte, offset int) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	type level struct {
		object bool
		key    string
		index  int
		// wantKey: in an object, the next string token is a key.
		wantKey bool
	}
	var stack []level
	path := func() string {
		s := ""
		for _, l := range stack {
			if l.object {
				if s != "" {
					s += "."
				}
				s += l.key
			} else {
				s += "[" + strconv.Itoa(l.index) + "]"
			}
		}
		if s == "" {
			return "body"
		}
		return s
	}
	start := func() { // a value starts: the next element of an array
		if n := len(stack); n > 0 && !stack[n-1].object {
			stack[n-1].index++
		}
	}
	done := func() { // a value ended: an object's next string is a key
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return path()
		}
		end := int(dec.InputOffset())
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				start()
				stack = append(stack, level{object: d == '{', wantKey: d == '{', index: -1})
			default:
				stack = stack[:len(stack)-1]
				done()
			}
			continue
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].object && stack[top].wantKey {
			stack[top].key, stack[top].wantKey = tok.(string), false
			if end > offset {
				return path()
			}
			continue
		}
		start()
		if end > offset {
			return path()
		}
		done()
	}
}

// checkSurrogates refuses a JSON text holding a lone surrogate escape:
// \uD800-\uDBFF not followed by \uDC00-\uDFFF, or \uDC00-\uDFFF not
// after one. It encodes no character, so there is no text to store.
func checkSurrogates(body []byte) error {
	at := loneSurrogate(body)
	if at < 0 {
		return nil
	}
	field := jsonPathAt(body, at)
	msg := "must be valid text: the escape " + string(body[at:at+6]) + " (at offset " + strconv.Itoa(at) +
		" of the body) is half of a UTF-16 surrogate pair without the other half"
	return explorer.Invalid(field+" "+msg, explorer.FieldError{Field: field, Message: msg})
}

// loneSurrogate returns the offset of the first lone surrogate escape of
// a JSON text, -1 when there is none. Backslashes occur only in strings,
// and a \u is an escape when an odd number of backslashes ends at it.
func loneSurrogate(b []byte) int {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`\u`))
		if j < 0 {
			return -1
		}
		j += i
		run := 1
		for j-run >= 0 && b[j-run] == '\\' {
			run++
		}
		v, ok := hex4(b, j+2)
		switch {
		case run%2 == 0 || !ok: // an escaped backslash, or bad JSON the decoder reports
			i = j + 2
		case v >= 0xDC00 && v <= 0xDFFF:
			return j
		case v >= 0xD800 && v <= 0xDBFF:
			if w, ok := hex4(b, j+8); !ok || b[j+6] != '\\' || b[j+7] != 'u' || w < 0xDC00 || w > 0xDFFF {
				return j
			}
			i = j + 12
		default:
			i = j + 6
		}
	}
}

// hex4 reads the four hexadecimal digits at b[i:].
func hex4(b []byte, i int) (int, bool) {
	if i < 0 || i+4 > len(b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[i:i+4]), 16, 16)
	return int(v), err == nil
}
