package web

import (
	"testing"

	explorer "explorer"
)

func TestFieldsMessage(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{explorer.Invalid("invalid model: groups[0].title must not be empty", explorer.FieldError{Field: "groups[0].title", Message: "must not be empty"}),
			"Group title must not be empty (group 1)."},
		{explorer.Invalid("x", explorer.FieldError{Field: "groups[1].topics[0].title", Message: "must not be empty"}, explorer.FieldError{Field: "groups[2].topics[3].terms[4]", Message: "must be at most 100 characters"}),
			"Topic title must not be empty (group 2, topic 1); Topic terms must be at most 100 characters (group 3, topic 4, term 5)."},
		{explorer.Invalid("suggestionsCount must be a whole number", explorer.FieldError{Field: "suggestionsCount", Message: "must be a whole number"}),
			"Suggestions count must be a whole number."},
		{explorer.Invalid("x", explorer.FieldError{Field: "name", Message: "must not be empty"}, explorer.FieldError{Field: "language", Message: "must not be empty"}),
			"Name must not be empty; Language must not be empty."},
		// The service's message says it better: one plain field, or a
		// message that does not read on from the field's name.
		{explorer.Invalid("the file has no header row: the first row must name the columns", explorer.FieldError{Field: "file", Message: "has no header row"}), ""},
		{explorer.Invalid("x", explorer.FieldError{Field: "file", Message: "missing column Terms"}, explorer.FieldError{Field: "file", Message: "missing column Index"}), ""},
		{explorer.Errorf(explorer.ECONFLICT, "busy"), ""},
	} {
		if got := fieldsMessage(c.err); got != c.want {
			t.Errorf("%v: got %q, want %q", c.err, got, c.want)
		}
	}
}
