package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	explorer "explorer"
)

// checkJSONText refuses a JSON body that is not valid UTF-8 with the
// field (a JSON path such as groups[0].terms[1]) where the first bad byte
// is, through the one text check of the service (explorer.CheckText).
// NUL in a string ("\u0000") is valid JSON and left to the service,
// which refuses it by field as well.
func checkJSONText(body []byte) error {
	if utf8.Valid(body) {
		return nil
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
