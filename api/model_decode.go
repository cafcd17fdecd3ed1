package api

import (
	"bytes"
	"errors"
	"explorer/models"
	"io"
	"strconv"
	"strings"

	explorer "explorer"

	"github.com/go-json-experiment/json/jsontext"
)

// A PUT of a model sends the whole model back, mostly unchanged. Its body
// is read by decodeModelInput: a reader of the usual shape (the fields
// named as the interface names them, each once, values of their types)
// that allocates each slice at its final length, without reflection.
// Anything else (other spellings of the names, nulls where a value is
// expected, numbers that are not integers, syntax errors) falls back to
// decodeJSON's decoder, which then gives the answer, value or error,
// exactly as for any body (tested against it in model_decode_test.go).

// errUnusual stops the reader of the usual shape.
var errUnusual = errors.New("not the usual shape")

// modelInputJSON is the body of a model update (PUT /models/{id}): a
// member left out (or null) keeps what the model has.
type modelInputJSON struct {
	Title                 *string           `json:"title"`
	Groups                *[]groupJSON      `json:"groups"`
	IgnoreTerms           *[]string         `json:"ignoreTerms"`
	IgnoreTermsDictionary map[string]string `json:"ignoreTermsDictionary"`
}

// modelUpdateJSON is the body of the creation of a model from a project.
type modelUpdateJSON struct {
	Title   *string `json:"title"`
	Dynamic bool    `json:"dynamic"`
}

// input is the body as the Service's input.
func (b *modelInputJSON) input() models.ModelInput {
	in := models.ModelInput{Title: b.Title, IgnoreTerms: b.IgnoreTerms, IgnoreTermsDictionary: b.IgnoreTermsDictionary}
	if b.Groups != nil {
		groups := mapSlice(*b.Groups, fromGroup)
		in.Groups = &groups
	}
	return in
}

func fromGroup(g groupJSON) explorer.Group {
	return explorer.Group{ID: g.ID, Title: g.Title, Pinned: g.Pinned, Topics: mapSlice(g.Topics, func(t topicJSON) explorer.Topic { return explorer.Topic(t) })}
}

// decodeModelInput decodes a ModelInput body as decodeJSON would decode
// it into a modelInputJSON.
func decodeModelInput(body []byte, in *models.ModelInput) error {
	orig := *in
	r := modelReader{dec: jsontext.NewDecoder(bytes.NewBuffer(body), decodeOptions)}
	if err := r.input(in); err == nil {
		if _, err := r.dec.ReadToken(); err == io.EOF {
			return nil
		}
	}
	*in = orig
	var b modelInputJSON
	err := unmarshalBody(body, &b)
	*in = b.input() // what was read before an error, as decodeJSON leaves it
	return err
}

// modelReader reads the usual shape; its scratch slices are reused for
// the elements of every array.
type modelReader struct {
	dec    *jsontext.Decoder
	terms  []string
	topics []explorer.Topic
}

// field reads the name of the next member of an object whose opening
// brace was read and returns its index in names: each at most once, other
// names skipped with their values unless they differ from one of names
// only in case or punctuation. At the closing brace it returns -1.
func (r *modelReader) field(names []string, seen *int) (int, error) {
	for r.dec.PeekKind() == '"' {
		tok, err := r.dec.ReadToken()
		if err != nil {
			return 0, err
		}
		i := known(names, tok.String())
		switch {
		case i == -2:
			return 0, errUnusual
		case i == -1:
			if err := r.dec.SkipValue(); err != nil {
				return 0, err
			}
			continue
		case *seen&(1<<i) != 0:
			return 0, errUnusual
		}
		*seen |= 1 << i
		return i, nil
	}
	return -1, r.expect('}')
}

// known returns the index of name in names, -1 for another name, -2 for
// one that a case-insensitive match could take for one of names.
func known(names []string, name string) int {
	for i, n := range names {
		if name == n {
			return i
		}
	}
	if strings.ContainsAny(name, "_-") {
		name = strings.NewReplacer("_", "", "-", "").Replace(name)
	}
	for _, n := range names {
		if strings.EqualFold(name, n) {
			return -2
		}
	}
	return -1
}

func (r *modelReader) expect(kind jsontext.Kind) error {
	tok, err := r.dec.ReadToken()
	if err != nil || tok.Kind() != kind {
		return errUnusual
	}
	return nil
}

// isNull consumes a null, if one comes.
func (r *modelReader) isNull() bool {
	if r.dec.PeekKind() != 'n' {
		return false
	}
	_, err := r.dec.ReadToken()
	return err == nil
}

func (r *modelReader) string() (string, error) {
	if r.dec.PeekKind() != '"' {
		return "", errUnusual
	}
	tok, err := r.dec.ReadToken()
	if err != nil {
		return "", errUnusual
	}
	return tok.String(), nil
}

func (r *modelReader) int64() (int64, error) {
	if r.dec.PeekKind() != '0' {
		return 0, errUnusual
	}
	raw, err := r.dec.ReadValue()
	if err != nil {
		return 0, errUnusual
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return 0, errUnusual
	}
	return n, nil
}

func (r *modelReader) bool() (bool, error) {
	switch r.dec.PeekKind() {
	case 't', 'f':
		if tok, err := r.dec.ReadToken(); err == nil {
			return tok.Bool(), nil
		}
	}
	return false, errUnusual
}

// strings reads an array of strings (nil for null).
func (r *modelReader) strings() ([]string, error) {
	if r.isNull() {
		return nil, nil
	}
	if err := r.expect('['); err != nil {
		return nil, err
	}
	start := len(r.terms)
	for r.dec.PeekKind() != ']' {
		s, err := r.string()
		if err != nil {
			return nil, err
		}
		r.terms = append(r.terms, s)
	}
	out := append(make([]string, 0, len(r.terms)-start), r.terms[start:]...)
	r.terms = r.terms[:start]
	return out, r.expect(']')
}

// stringMap reads an object of strings (nil for null).
func (r *modelReader) stringMap() (map[string]string, error) {
	if r.isNull() {
		return nil, nil
	}
	if err := r.expect('{'); err != nil {
		return nil, err
	}
	m := map[string]string{}
	for r.dec.PeekKind() == '"' {
		k, err := r.string()
		if err != nil {
			return nil, err
		}
		if m[k], err = r.string(); err != nil {
			return nil, err
		}
	}
	return m, r.expect('}')
}

var (
	inputFields = []string{"title", "groups", "ignoreTerms", "ignoreTermsDictionary"}
	groupFields = []string{"id", "title", "pinned", "topics"}
	topicFields = []string{"id", "title", "terms", "dictionary"}
)

func (r *modelReader) input(in *models.ModelInput) error {
	if err := r.expect('{'); err != nil {
		return err
	}
	for seen := 0; ; {
		i, err := r.field(inputFields, &seen)
		switch {
		case err != nil || i < 0:
			return err
		case i == 0 && !r.isNull():
			var s string
			s, err = r.string()
			in.Title = &s
		case i == 1 && !r.isNull():
			var groups []explorer.Group
			groups, err = r.groups()
			in.Groups = &groups
		case i == 2 && !r.isNull():
			var terms []string
			terms, err = r.strings()
			in.IgnoreTerms = &terms
		case i == 3:
			in.IgnoreTermsDictionary, err = r.stringMap()
		}
		if err != nil {
			return err
		}
	}
}

func (r *modelReader) groups() ([]explorer.Group, error) {
	if err := r.expect('['); err != nil {
		return nil, err
	}
	groups := []explorer.Group{}
	for r.dec.PeekKind() != ']' {
		g, err := r.group()
		if err != nil {
			return nil, err
		}
		groups = append(groups, g)
	}
	return groups, r.expect(']')
}

func (r *modelReader) group() (g explorer.Group, err error) {
	if err := r.expect('{'); err != nil {
		return g, err
	}
	for seen := 0; ; {
		i, err := r.field(groupFields, &seen)
		switch {
		case err != nil || i < 0:
			return g, err
		case i == 0:
			g.ID, err = r.int64()
		case i == 1:
			g.Title, err = r.string()
		case i == 2:
			g.Pinned, err = r.bool()
		case i == 3:
			g.Topics, err = r.topicList()
		}
		if err != nil {
			return g, err
		}
	}
}

// topicList reads the topics of a group (nil for null) into the scratch
// slice, then copies them out at their final length.
func (r *modelReader) topicList() ([]explorer.Topic, error) {
	if r.isNull() {
		return nil, nil
	}
	if err := r.expect('['); err != nil {
		return nil, err
	}
	start := len(r.topics)
	for r.dec.PeekKind() != ']' {
		r.topics = append(r.topics, explorer.Topic{})
		if err := r.topic(&r.topics[len(r.topics)-1]); err != nil {
			return nil, err
		}
	}
	out := append(make([]explorer.Topic, 0, len(r.topics)-start), r.topics[start:]...)
	clear(r.topics[start:])
	r.topics = r.topics[:start]
	return out, r.expect(']')
}

func (r *modelReader) topic(t *explorer.Topic) error {
	if err := r.expect('{'); err != nil {
		return err
	}
	for seen := 0; ; {
		i, err := r.field(topicFields, &seen)
		switch {
		case err != nil || i < 0:
			return err
		case i == 0:
			t.ID, err = r.int64()
		case i == 1:
			t.Title, err = r.string()
		case i == 2:
			t.Terms, err = r.strings()
		case i == 3:
			t.Dictionary, err = r.stringMap()
		}
		if err != nil {
			return err
		}
	}
}
