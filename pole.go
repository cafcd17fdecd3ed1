package explorer

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"explorer/analysis"
	"explorer/language"
)

// Limits of pole input.
const (
	PoleNameMax        = 200
	PoleDescriptionMax = 5000
	PoleTermMax        = 100
	// PolePartsMax is the most parts one pole holds.
	PolePartsMax = 10000
	// DefaultPartWeight is the weight of a part that names none.
	DefaultPartWeight = 1.0
)

// polePartsMax is the limit in force: PolePartsMax, lowered by tests.
var polePartsMax = PolePartsMax

// Pole is a weighted list of terms in one language. It belongs to the user
// who created it; that user's manager may read and edit it too.
type Pole struct {
	ID          int64
	Name        string
	Description string
	Language    string
	Parts       []PolePart

	// OwnerID and Owner (the owner's username) are the pole's owner.
	OwnerID int64
	Owner   string
	Created time.Time
	Updated time.Time
}

// PolePart is one term of a pole with its weight.
type PolePart struct {
	Term   string
	Weight float64
}

// PoleSuggestions are the terms suggested for a pole, with the pole.
type PoleSuggestions struct {
	Suggestions []PoleSuggestion
	Pole        *Pole
}

// PoleInput is a pole as a caller writes it. An id in a request body is
// ignored, so it has none.
type PoleInput struct {
	Name        string
	Description string
	Language    string
	Parts       []PartInput
}

// PartInput is a part as a caller writes it; a nil Weight is
// DefaultPartWeight.
type PartInput struct {
	Term   string
	Weight *float64
}

// PoleFilter selects poles for FindPoles.
type PoleFilter struct {
	// OwnerIDs are the owners whose poles are listed; empty lists none.
	OwnerIDs []int64
	// Page is the window of the list (zero: all).
	Page Page
}

// PoleStore keeps poles and their parts. Parts keep their order.
type PoleStore interface {
	// CreatePole inserts p with its parts and sets its ID.
	CreatePole(ctx context.Context, p *Pole) error
	// FindPoleByID returns a pole with its parts and owner; ENOTFOUND
	// when there is none.
	FindPoleByID(ctx context.Context, id int64) (*Pole, error)
	// FindPoleForUpdate is FindPoleByID that, inside InTx, also locks the
	// pole until the transaction ends.
	FindPoleForUpdate(ctx context.Context, id int64) (*Pole, error)
	// FindPoles lists the poles the filter selects, by id, with parts.
	FindPoles(ctx context.Context, f PoleFilter) ([]*Pole, error)
	// ListPoles is the window of the poles of ownerIDs that q selects,
	// with their parts, and how many poles q selects.
	ListPoles(ctx context.Context, ownerIDs []int64, q ListQuery) ([]*Pole, int, error)
	// UpdatePole replaces the name, description, language, update time
	// and parts of p. old are the parts the pole holds, as read in the
	// same transaction, so that the store may write only the difference.
	UpdatePole(ctx context.Context, p *Pole, old []PolePart) error
	// DeletePole deletes a pole and its parts.
	DeletePole(ctx context.Context, id int64) error
}

// TermKey is the identity of a term (analysis.TermKey): trimmed and lower
// case. A pole holds each key once, a topic each term, a model each
// ignore term.
func TermKey(term string) string { return analysis.TermKey(term) }

// validatePoleFields checks and normalises name, description and language.
func validatePoleFields(name, description, lang string) (n, d, l string, fields []FieldError) {
	n = strings.TrimSpace(name)
	switch c := utf8.RuneCountInString(n); {
	case !textFields(&fields, "name", n):
	case c == 0:
		fields = append(fields, FieldError{Field: "name", Message: "must not be empty"})
	case c > PoleNameMax:
		fields = append(fields, FieldError{Field: "name", Message: fmt.Sprintf("must be at most %d characters", PoleNameMax)})
	}
	d = strings.TrimSpace(description)
	if textFields(&fields, "description", d) && utf8.RuneCountInString(d) > PoleDescriptionMax {
		fields = append(fields, FieldError{Field: "description", Message: fmt.Sprintf("must be at most %d characters", PoleDescriptionMax)})
	}
	lang = strings.TrimSpace(lang)
	code, ok := language.Normalize(lang)
	switch {
	case !textFields(&fields, "language", lang):
	case lang == "":
		fields = append(fields, FieldError{Field: "language", Message: "must not be empty"})
	case ok:
		l = code
	default:
		fields = append(fields, FieldError{Field: "language", Message: "must be an ISO 639-1 language code such as EN or SV"})
	}
	return n, d, l, fields
}

// validateParts checks parts and returns them trimmed, with default
// weights. field names the list in field errors ("parts").
func validateParts(field string, in []PartInput) ([]PolePart, []FieldError) {
	var fields []FieldError
	out := make([]PolePart, 0, len(in))
	for i, p := range in {
		term := strings.TrimSpace(p.Term)
		switch c := utf8.RuneCountInString(term); {
		case !textFields(&fields, fmt.Sprintf("%s[%d].term", field, i), term):
		case c == 0:
			fields = append(fields, FieldError{Field: fmt.Sprintf("%s[%d].term", field, i), Message: "must not be empty"})
		case c > PoleTermMax:
			fields = append(fields, FieldError{Field: fmt.Sprintf("%s[%d].term", field, i), Message: fmt.Sprintf("must be at most %d characters", PoleTermMax)})
		}
		w := DefaultPartWeight
		if p.Weight != nil {
			w = *p.Weight
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			fields = append(fields, FieldError{Field: fmt.Sprintf("%s[%d].weight", field, i), Message: "must be a finite number"})
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
			k := TermKey(p.Term)
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
		drop[TermKey(t)] = true
	}
	out := parts[:0:0]
	for _, p := range parts {
		if !drop[TermKey(p.Term)] {
			out = append(out, p)
		}
	}
	return out
}

// invalidPole returns the EINVALID error for fields.
func invalidPole(fields []FieldError) error {
	return Invalid("invalid pole: "+fields[0].Field+" "+fields[0].Message, fields...)
}
