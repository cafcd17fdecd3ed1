package poles

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"explorer"
	"explorer/language"
)

// polePartsMax is the limit in force: PolePartsMax, lowered by tests.
var polePartsMax = explorer.PolePartsMax

// validatePoleFields checks and normalises name, description and language.
func validatePoleFields(name, description, lang string) (n, d, l string, fields []explorer.FieldError) {
	n = strings.TrimSpace(name)
	switch c := utf8.RuneCountInString(n); {
	case !explorer.TextFields(&fields, "name", n):
	case c == 0:
		fields = append(fields, explorer.FieldError{Field: "name", Message: "must not be empty"})
	case c > PoleNameMax:
		fields = append(fields, explorer.FieldError{Field: "name", Message: fmt.Sprintf("must be at most %d characters", PoleNameMax)})
	}
	d = strings.TrimSpace(description)
	if explorer.TextFields(&fields, "description", d) && utf8.RuneCountInString(d) > PoleDescriptionMax {
		fields = append(fields, explorer.FieldError{Field: "description", Message: fmt.Sprintf("must be at most %d characters", PoleDescriptionMax)})
	}
	lang = strings.TrimSpace(lang)
	code, ok := language.Normalize(lang)
	switch {
	case !explorer.TextFields(&fields, "language", lang):
	case lang == "":
		fields = append(fields, explorer.FieldError{Field: "language", Message: "must not be empty"})
	case ok:
		l = code
	default:
		fields = append(fields, explorer.FieldError{Field: "language", Message: "must be an ISO 639-1 language code such as EN or SV"})
	}
	return n, d, l, fields
}

// validateParts checks parts and returns them trimmed, with default
// weights. field names the list in field errors ("parts").
func validateParts(field string, in []PartInput) ([]PolePart, []explorer.FieldError) {
	var fields []explorer.FieldError
	out := make([]PolePart, 0, len(in))
	for i, p := range in {
		term := strings.TrimSpace(p.Term)
		switch c := utf8.RuneCountInString(term); {
		case !explorer.TextFields(&fields, fmt.Sprintf("%s[%d].term", field, i), term):
		case c == 0:
			fields = append(fields, explorer.FieldError{Field: fmt.Sprintf("%s[%d].term", field, i), Message: "must not be empty"})
		case c > PoleTermMax:
			fields = append(fields, explorer.FieldError{Field: fmt.Sprintf("%s[%d].term", field, i), Message: fmt.Sprintf("must be at most %d characters", PoleTermMax)})
		}
		w := DefaultPartWeight
		if p.Weight != nil {
			w = *p.Weight
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			fields = append(fields, explorer.FieldError{Field: fmt.Sprintf("%s[%d].weight", field, i), Message: "must be a finite number"})
		}
		out = append(out, PolePart{Term: term, Weight: w})
	}
	return out, fields
}

// mergeParts appends add to parts. A term already present (compared by
// TermKey) keeps its place and spelling and takes the new weight; within
// add, the last weight of a term wins.
func mergeParts(parts, add []PolePart) []PolePart {
	out := make([]PolePart, 0, len(parts)+len(add))
	index := make(map[string]int, len(parts)+len(add))
	for _, list := range [][]PolePart{parts, add} {
		for _, p := range list {
			k := explorer.TermKey(p.Term)
			if i, ok := index[k]; ok {
				out[i].Weight = p.Weight
				continue
			}
			index[k] = len(out)
			out = append(out, p)
		}
	}
	return out
}

// removeParts drops the parts whose terms match one of terms by TermKey.
func removeParts(parts []PolePart, terms []string) []PolePart {
	drop := make(map[string]bool, len(terms))
	for _, t := range terms {
		drop[explorer.TermKey(t)] = true
	}
	out := parts[:0:0]
	for _, p := range parts {
		if !drop[explorer.TermKey(p.Term)] {
			out = append(out, p)
		}
	}
	return out
}

// invalidPole returns the EINVALID error for fields.
func invalidPole(fields []explorer.FieldError) error {
	return explorer.Invalid("invalid pole: "+fields[0].Field+" "+fields[0].Message, fields...)
}
